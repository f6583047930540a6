// Fuzz target of the mechanism file reader (generator/model/loader.hpp): any text loads as a Model or
// is refused with a ModelError; anything else (another exception, a crash, a sanitizer report, a
// hang) is a bug of the reader.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "../generator/model/lsan_suppressions.hpp"
#include "model/loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    dyngen::load_model_from_string(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.yaml");
  } catch (const dyngen::ModelError&) {
  }
  return 0;
}
