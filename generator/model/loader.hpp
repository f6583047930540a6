// Loading a mechanism description file (mechanism-format.md, models/README.md) into a validated
// Model. Every problem found is reported at once: ModelError lists each with file:line:column,
// the field path and what would be valid; nothing is returned for a file with errors.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>

#include "model/model.hpp"
#include "model/model_error.hpp"

namespace dyngen {

// Values that replace those of named parameters of the file (a scenario's or a study's variant of a
// mechanism); every name must be a parameter of the file. They enter Model::source_hash.
using ParameterValues = std::map<std::string, double>;

Model load_model(const std::filesystem::path& path, const ParameterValues& values = {});

// `virtual_path` names the text in diagnostics and becomes Model::source_path.
Model load_model_from_string(std::string_view text, std::string virtual_path, const ParameterValues& values = {});

// FNV-1a 64-bit digest of `bytes` as 16 lower-case hex digits (Model::source_hash).
std::string fnv1a64_hex(std::string_view bytes);

}  // namespace dyngen
