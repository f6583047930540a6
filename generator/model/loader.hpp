// Loading a mechanism description file (mechanism-format.md, models/README.md) into a validated
// Model. Every problem found is reported at once: ModelError lists each with file:line:column,
// the field path and what would be valid; nothing is returned for a file with errors.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "model/model.hpp"
#include "model/model_error.hpp"

namespace dyngen {

Model load_model(const std::filesystem::path& path);

// `virtual_path` names the text in diagnostics and becomes Model::source_path.
Model load_model_from_string(std::string_view text, std::string virtual_path);

// FNV-1a 64-bit digest of `bytes` as 16 lower-case hex digits (Model::source_hash).
std::string fnv1a64_hex(std::string_view bytes);

}  // namespace dyngen
