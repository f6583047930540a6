// Fuzz target of the measured-loop CSV reader (runtime/hysteresis/loop_csv.hpp): any text gives a
// MeasuredLoop or a LoopCsvError; anything else (another exception, a crash, a sanitizer report, a
// hang) is a bug of the reader.
#include <cstddef>
#include <cstdint>
#include <string>

#include "hysteresis/loop_csv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    dyngen::hysteresis::parse_loop_csv(std::string(reinterpret_cast<const char*>(data), size), "fuzz.csv");
  } catch (const dyngen::hysteresis::LoopCsvError&) {
  }
  return 0;
}
