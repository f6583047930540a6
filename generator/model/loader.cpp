#include "model/loader.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <sstream>

#include "model/file_model.hpp"
#include "model/topology.hpp"

namespace dyngen {
namespace {

using model_detail::TopologyIssue;

void report_topology(const model_detail::FileModel& file, const model_detail::TreeAnalysis& tree,
                     model_detail::Diagnostics& diagnostics) {
  for (const TopologyIssue& issue : tree.issues) {
    const model_detail::FileBody& body = file.bodies[issue.entry];
    const bool at_name = issue.kind == TopologyIssue::Kind::duplicate_name ||
                         issue.kind == TopologyIssue::Kind::unreachable;
    diagnostics.error(at_name ? body.name_at : body.parent_at, issue.message);
  }
}

}  // namespace

std::string fnv1a64_hex(std::string_view bytes) {
  // FNV-1a: h = (h XOR byte) * 1099511628211, from offset basis 14695981039346656037
  std::uint64_t hash = 14695981039346656037ull;
  for (const char byte : bytes) {
    hash ^= static_cast<unsigned char>(byte);
    hash *= 1099511628211ull;
  }
  static const char digits[] = "0123456789abcdef";
  std::string text(16, '0');
  for (int i = 15; i >= 0; --i, hash >>= 4) text[i] = digits[hash & 0xf];
  return text;
}

Model load_model_from_string(std::string_view text, std::string virtual_path, const ParameterValues& values) {
  model_detail::Diagnostics diagnostics(virtual_path);
  YAML::Node root;
  try {
    root = YAML::Load(std::string(text));
  } catch (const YAML::ParserException& failure) {
    diagnostics.error(failure.mark, "", "YAML syntax error: " + failure.msg);
    throw ModelError(diagnostics.list());
  }
  std::string hashed(text);
  for (const auto& [name, value] : values) {
    YAML::Node parameters = root.IsMap() ? root["parameters"] : YAML::Node();
    if (!parameters || !parameters.IsMap() || !parameters[name]) {
      diagnostics.error(root.Mark(), "parameters." + name, "no such parameter in the file to set to " + std::to_string(value));
      continue;
    }
    std::ostringstream number;
    number.precision(17);
    number << value;
    parameters[name] = number.str();
    hashed += "\n" + name + "=" + number.str();
  }
  if (!diagnostics.empty()) throw ModelError(diagnostics.list());
  model_detail::FileModel file;
  model_detail::read_schema(root, file, diagnostics);
  std::vector<std::string> names, parents;
  for (const auto& body : file.bodies) {
    names.push_back(body.name);
    parents.push_back(body.parent);
  }
  const model_detail::TreeAnalysis tree = model_detail::analyse_tree(file.base_name, names, parents);
  report_topology(file, tree, diagnostics);
  if (tree.issues.empty()) {
    model_detail::check_loops(file, tree, diagnostics);
    model_detail::check_references(file, tree, diagnostics);
  }
  if (!diagnostics.empty()) {
    std::vector<Diagnostic> list = diagnostics.list();
    std::stable_sort(list.begin(), list.end(), [](const Diagnostic& a, const Diagnostic& b) {
      return std::tie(a.line, a.column) < std::tie(b.line, b.column);
    });
    throw ModelError(std::move(list));
  }
  Model model = model_detail::assemble(file, tree);
  model_detail::analyse_loops(file, model, diagnostics);
  if (!diagnostics.empty()) throw ModelError(diagnostics.list());
  model.source_path = std::move(virtual_path);
  model.source_hash = fnv1a64_hex(hashed);
  return model;
}

Model load_model(const std::filesystem::path& path, const ParameterValues& values) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw ModelError({{path.string(), 1, 1, "", "cannot open the model file (missing or unreadable)"}});
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return load_model_from_string(bytes.str(), path.string(), values);
}

}  // namespace dyngen
