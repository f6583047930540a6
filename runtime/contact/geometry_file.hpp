// Docking-unit geometry files (YAML): passive primitives in PU, active primitives per buffer link,
// pair classes with contact parameters, latches, sensors. The format is documented with a complete
// example in runtime/contact/README.md.
#pragma once

#include "contact/unit_geometry.hpp"

#include <stdexcept>
#include <string>

namespace dyngen::contact {

// A bad geometry file: the message starts with "file:line:column:" and names the field and what
// would be valid. Nothing is returned for a bad file.
class GeometryFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads and validates a geometry file and builds its pair table (finalize_geometry).
UnitGeometry load_unit_geometry(const std::string& path);

// Same from text; `source` names it in messages.
UnitGeometry parse_unit_geometry(const std::string& text, const std::string& source);

}  // namespace dyngen::contact
