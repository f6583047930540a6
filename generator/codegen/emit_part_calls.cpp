#include "codegen/emit_part_calls.hpp"

#include <sstream>

#include "engine/identifier.hpp"

namespace dyngen::codegen {

using engine::mangle_identifier;

std::string parts_build(const std::string& ns, const engine::Kernel& kernel, const std::string& build,
                        const std::string& attributes, const std::string& type) {
  const std::string prefix = type == "T" ? "template <class T>\n" : "";
  std::string parameters, arguments;
  for (const auto* docs : {&kernel.inputs, &kernel.outputs}) {
    for (const auto& array : *docs) {
      const std::string id = mangle_identifier(array.name);
      parameters += (parameters.empty() ? "" : ", ") + std::string(docs == &kernel.inputs ? "const " : "") + type + "* " + id;
      arguments += id + ", ";
    }
  }
  const std::string name = mangle_identifier(kernel.name), parts = ns + "::" + name + "_parts";
  const std::string function = name + "_" + build;
  const int count = engine::part_count(kernel);
  std::ostringstream out;
  out << "// " << name << " part by part, each part built " << build << " on its own\n";
  for (int p = 0; p < count; ++p) {
    out << prefix << attributes << "\nvoid " << function << "_part" << p << "(" << parameters << ", " << type
        << "* carry) {\n  " << parts << "::part" << p << "(" << arguments << "carry);\n}\n";
  }
  out << prefix << "inline void " << function << "(" << parameters << ") {\n  " << type << " carry[" << parts
      << "::carried];\n";
  for (int p = 0; p < count; ++p) out << "  " << function << "_part" << p << "(" << arguments << "carry);\n";
  out << "}\n\n";
  return out.str();
}

}  // namespace dyngen::codegen
