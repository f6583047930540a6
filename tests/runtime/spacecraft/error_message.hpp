// The message of the std::exception a call throws, or "no error" (for tests of invalid inputs).
#pragma once

#include <exception>
#include <string>

namespace dyngen::spacecraft::test {

template <class F>
std::string error_message(const F& call) {
  try {
    call();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace dyngen::spacecraft::test
