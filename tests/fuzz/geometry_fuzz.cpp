// Fuzz target of the docking-unit geometry file reader (runtime/contact/geometry_file.hpp): any text
// gives a UnitGeometry or a GeometryFileError; anything else (another exception, a crash, a
// sanitizer report, a hang) is a bug of the reader.
#include <cstddef>
#include <cstdint>
#include <string>

#include "contact/geometry_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    dyngen::contact::parse_unit_geometry(std::string(reinterpret_cast<const char*>(data), size), "fuzz.yaml");
  } catch (const dyngen::contact::GeometryFileError&) {
  }
  return 0;
}
