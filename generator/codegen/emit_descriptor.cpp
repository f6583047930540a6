#include "codegen/emit_descriptor.hpp"

#include <cmath>
#include <map>
#include <sstream>
#include <tuple>
#include <utility>

#include "engine/emit_cpp.hpp"
#include "engine/identifier.hpp"

namespace dyngen::codegen {

namespace {

using engine::mangle_identifier;

// The struct of runtime/mechanism/descriptor.h, verbatim (a test checks it): the generator does
// not depend on the runtime, the two agree by this text.
constexpr const char* kDescriptorStruct = R"(#ifndef DYNGEN_MECHANISM_V3
#define DYNGEN_MECHANISM_V3

struct dyngen_mechanism_v3 {
  int version; /* 3 */
  const char* name;
  const char* model_hash;
  int dof, independent_dof, loops, wrench_bodies, points, parameters, moving_base;
  const char* const* coordinate_names;
  const int* independent_coordinates;
  const int* actuated;         /* per coordinate: 1 where tau is read */
  const double* reference_q;   /* per coordinate: the spring's q0, the loops closed from it */
  const double* lower_limits;  /* per coordinate: the model's limits, -inf / +inf where none */
  const double* upper_limits;
  const char* const* wrench_body_names;
  const char* const* point_names;
  const char* const* loop_names;
  const char* const* parameter_names;  /* the runtime parameters p, in order */
  const double* parameter_values;      /* their values in the model file */
  /* Closes q and qd in place from their independent entries: 0, or a status (1 unreachable,
     2 beyond limits, 3 singular, 4 not converged, 5 not finite) and *failed_loop. */
  int (*close)(double* q, double* qd, const double* p, int* failed_loop);
  /* qdd of every coordinate at a closed state: 0, or 1 + the first loop whose Phi_d is singular. */
  int (*forward_dynamics)(const double* q, const double* qd, const double* tau, const double* base,
                          const double* wrench, const double* p, double* qdd);
  void (*base_wrench)(const double* q, const double* qd, const double* qdd, const double* base,
                      const double* wrench, const double* p, double* wrench_on_base);
  void (*point_kinematics)(const double* q, const double* qd, const double* p, double* position,
                           double* velocity);
  void (*body_kinematics)(const double* q, const double* qd, const double* p, double* rotation,
                          double* origin, double* angular_velocity, double* velocity);
  /* energy: kinetic (absolute: the base moving with w0 = base[0..2] and v0), potential of the
     springs and gravity, damper power; momentum: linear, angular about the base origin. */
  void (*energy)(const double* q, const double* qd, const double* base, const double* v0,
                 const double* p, double* energy, double* momentum);
  /* power: -sum c qd^2 of the joints' dampers (W). */
  void (*damper_power)(const double* qd, const double* p, double* power);
  /* forward_dynamics, then base_wrench at that qdd, in one pass; returns as forward_dynamics. */
  int (*forward_dynamics_base_wrench)(const double* q, const double* qd, const double* tau, const double* base,
                                      const double* wrench, const double* p, double* qdd, double* wrench_on_base);
  /* forward_dynamics_base_wrench in two stages, for a caller that changes only the base's
     accelerations e0, a0 (base[3..8]) at one state, as a spacecraft's coupling does (null for a
     fixed base): prepare reads the state and w0 into cache[cache_size] and returns as
     forward_dynamics; finish gives qdd and wrench_on_base for one e0, a0 from that cache. The
     results are forward_dynamics_base_wrench's, bit for bit. */
  int cache_size;
  int (*forward_dynamics_base_wrench_prepare)(const double* q, const double* qd, const double* tau, const double* base,
                                              const double* wrench, const double* p, double* cache);
  void (*forward_dynamics_base_wrench_finish)(const double* cache, const double* base, double* qdd,
                                              double* wrench_on_base);
};

#endif
)";

const engine::Kernel* find(const GeneratedKernels& kernels, const std::string& name) {
  for (const auto& k : kernels.kernels)
    if (k.name == name) return &k;
  return nullptr;
}

// The kernel's argument list with its arrays named as the wrapper's parameters (`names`: array ->
// expression; outputs the wrapper does not pass on go to locals of the same name).
std::string arguments(const engine::Kernel& kernel, const std::map<std::string, std::string>& names) {
  std::string text;
  for (const auto* docs : {&kernel.inputs, &kernel.outputs})
    for (const auto& array : *docs) {
      const auto it = names.find(array.name);
      text += (text.empty() ? "" : ", ") + (it == names.end() ? mangle_identifier(array.name) : it->second);
    }
  return text;
}

std::string string_list(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& n : names) text += (text.empty() ? "" : ", ") + ("\"" + engine::comment_text(n) + "\"");
  return text.empty() ? "nullptr" : text;
}

}  // namespace

std::string descriptor_declaration(const Model& model) {
  return std::string("\n") + kDescriptorStruct + "\nconst struct dyngen_mechanism_v3* " + mangle_identifier(model.name) +
         "_mechanism(void);\n";
}

std::string descriptor_definition(const Model& model, const GeneratedKernels& kernels) {
  const std::string ns = mangle_identifier(model.name);
  const std::map<std::string, std::string> inputs = {{"q", "q"},         {"qd", "qd"},         {"qdd", "qdd"},
                                                     {"tau", "tau"},     {"base", "base"},     {"wrench", "wrench"},
                                                     {"p", "p"}};
  std::ostringstream out;
  // through the C entry points, so the runtime gets their x86-64-v4 clones where the CPU has them
  out << "// The mechanism descriptor (runtime/mechanism/descriptor.h): the kernels' C entry points behind fixed\n"
      << "// signatures.\n"
      << "namespace {\n\n";
  // close
  out << "int descriptor_close(double* q, double* qd, const double* " << (kernels.parameters.empty() ? "/*p*/" : "p")
      << ", int* failed_loop) {\n";
  if (model.loops.empty())
    out << "  (void)q;\n  (void)qd;\n  *failed_loop = -1;\n  return 0;\n}\n\n";
  else
    out << "  return " << ns << "_close(q, qd, " << (kernels.parameters.empty() ? "" : "p, ") << "failed_loop);\n}\n\n";
  // forward dynamics, alone and with the base wrench: the status of the loops' Phi_d, the kernel's
  // outputs the descriptor does not pass on as locals of their own names
  const auto dynamics_wrapper = [&](const std::string& function, const engine::Kernel& kernel,
                                    const std::string& outputs, const std::map<std::string, std::string>& names) {
    out << "int descriptor_" << function << "(const double* q, const double* qd, const double* tau, const double* base, "
        << "const double* wrench, const double* p, " << outputs << ") {\n";
    for (const char* unused : {"q", "qd", "tau", "base", "wrench", "p"}) {
      bool used = false;
      for (const auto& in : kernel.inputs) used = used || in.name == unused;
      if (!used) out << "  (void)" << unused << ";\n";
    }
    for (const auto& output : kernel.outputs)
      if (!names.count(output.name)) out << "  double " << mangle_identifier(output.name) << "[" << output.size << "];\n";
    out << "  " << ns << "_" << kernel.name << "(" << arguments(kernel, names) << ");\n";
    out << (model.loops.empty() ? "  return 0;\n" : "  return " + ns + "::singular_loop(det_phi_d);\n") << "}\n\n";
  };
  dynamics_wrapper("forward_dynamics", *find(kernels, kernels.forward_dynamics), "double* qdd", inputs);
  std::map<std::string, std::string> with_base_wrench = inputs;
  with_base_wrench["wrench_on_base"] = "wrench_on_base";
  dynamics_wrapper("forward_dynamics_base_wrench", *find(kernels, "forward_dynamics_base_wrench"),
                   "double* qdd, double* wrench_on_base", with_base_wrench);
  // the same in two stages at the base's accelerations (a moving base)
  const engine::Kernel* finish = nullptr;
  int cache_size = 0;
  for (const engine::Kernel& k : kernels.staged) {
    if (k.name == "forward_dynamics_base_wrench_prepare") {
      std::map<std::string, std::string> with_cache = inputs;
      with_cache["cache"] = "cache";
      dynamics_wrapper(k.name, k, "double* cache", with_cache);
      cache_size = k.outputs.front().size;
    }
    if (k.name == "forward_dynamics_base_wrench_finish") finish = &k;
  }
  if (finish != nullptr)
    out << "void descriptor_" << finish->name
        << "(const double* cache, const double* base, double* qdd, double* wrench_on_base) {\n  " << ns << "_"
        << finish->name << "(cache, base, qdd, wrench_on_base);\n}\n\n";
  // base wrench, point and body kinematics
  const auto wrapper = [&](const std::string& name, const std::string& signature, const std::vector<std::string>& parameters,
                           const std::map<std::string, std::string>& names) {
    const engine::Kernel* kernel = find(kernels, name);
    out << "void descriptor_" << name << "(" << signature << ") {\n";
    for (const std::string& parameter : parameters) {
      bool used = false;
      if (kernel != nullptr)
        for (const auto* docs : {&kernel->inputs, &kernel->outputs})
          for (const auto& a : *docs) used = used || (names.count(a.name) && names.at(a.name) == parameter);
      if (!used) out << "  (void)" << parameter << ";\n";
    }
    if (kernel != nullptr) out << "  " << ns << "_" << name << "(" << arguments(*kernel, names) << ");\n";
    out << "}\n\n";
  };
  std::map<std::string, std::string> with_outputs = inputs;
  with_outputs["wrench_on_base"] = "wrench_on_base";
  wrapper("base_wrench",
          "const double* q, const double* qd, const double* qdd, const double* base, const double* wrench, const double* p, "
          "double* wrench_on_base",
          {"q", "qd", "qdd", "base", "wrench", "p", "wrench_on_base"}, with_outputs);
  with_outputs["position"] = "position";
  with_outputs["velocity"] = "velocity";
  wrapper("point_kinematics", "const double* q, const double* qd, const double* p, double* position, double* velocity",
          {"q", "qd", "p", "position", "velocity"}, with_outputs);
  for (const char* name : {"rotation", "origin", "angular_velocity", "origin_velocity"}) with_outputs[name] = name;
  wrapper("body_kinematics",
          "const double* q, const double* qd, const double* p, double* rotation, double* origin, double* angular_velocity, "
          "double* origin_velocity",
          {"q", "qd", "p", "rotation", "origin", "angular_velocity", "origin_velocity"}, with_outputs);
  with_outputs["base_velocity"] = "v0";
  with_outputs["energy"] = "energy";
  with_outputs["momentum"] = "momentum";
  wrapper("energy",
          "const double* q, const double* qd, const double* base, const double* v0, const double* p, double* energy, "
          "double* momentum",
          {"q", "qd", "base", "v0", "p", "energy", "momentum"}, with_outputs);
  with_outputs["power"] = "power";
  wrapper("damper_power", "const double* qd, const double* p, double* power", {"qd", "p", "power"}, with_outputs);
  // names
  std::vector<std::string> wrench_bodies, points, loops;
  for (int j : kernels.wrench_bodies) wrench_bodies.push_back(model.bodies[static_cast<std::size_t>(j)].name);
  for (const NamedPoint& p : model.points) points.push_back(p.name);
  for (const Loop& l : model.loops) loops.push_back(l.name);
  std::vector<int> independent, actuated(static_cast<std::size_t>(model.dof()), 0);
  for (int i = 0; i < model.dof(); ++i)
    if (model.independent[static_cast<std::size_t>(i)]) independent.push_back(i);
  for (const Body& b : model.bodies)
    if (b.coordinate >= 0) actuated[static_cast<std::size_t>(b.coordinate)] = b.joint.actuated ? 1 : 0;
  const auto ints = [](const std::vector<int>& v) {
    std::string text;
    for (int x : v) text += (text.empty() ? "" : ", ") + std::to_string(x);
    return text.empty() ? std::string("0") : text;
  };
  // per coordinate: the closed reference configuration (the spring's q0 for a tree) and the limits
  std::vector<double> reference(static_cast<std::size_t>(model.dof()), 0.0), lower(reference.size(), -HUGE_VAL),
      upper(reference.size(), HUGE_VAL);
  for (const Body& b : model.bodies) {
    if (b.coordinate < 0) continue;
    const auto i = static_cast<std::size_t>(b.coordinate);
    reference[i] = b.joint.q0.value;
    if (b.joint.limits) std::tie(lower[i], upper[i]) = std::pair((*b.joint.limits)[0], (*b.joint.limits)[1]);
  }
  if (!kernels.reference.q.empty()) reference = kernels.reference.q;
  std::vector<double> parameter_values;
  for (const std::string& name : kernels.parameters)
    for (const Parameter& parameter : model.parameters)
      if (parameter.name == name) parameter_values.push_back(parameter.value);
  const auto doubles = [](const std::vector<double>& v) {
    std::string text;
    for (double x : v)
      text += (text.empty() ? "" : ", ") +
              (std::isinf(x) ? std::string(x < 0 ? "-HUGE_VAL" : "HUGE_VAL") : engine::format_double(x));
    return text.empty() ? std::string("0") : text;
  };
  out << "const char* const descriptor_coordinates[] = {" << string_list(model.coordinates) << "};\n"
      << "const int descriptor_independent[] = {" << ints(independent) << "};\n"
      << "const int descriptor_actuated[] = {" << ints(actuated) << "};\n"
      << "const double descriptor_reference_q[] = {" << doubles(reference) << "};\n"
      << "const double descriptor_lower_limits[] = {" << doubles(lower) << "};\n"
      << "const double descriptor_upper_limits[] = {" << doubles(upper) << "};\n"
      << "const char* const descriptor_wrench_bodies[] = {" << string_list(wrench_bodies) << "};\n"
      << "const char* const descriptor_points[] = {" << string_list(points) << "};\n"
      << "const char* const descriptor_loops[] = {" << string_list(loops) << "};\n"
      << "const char* const descriptor_parameter_names[] = {" << string_list(kernels.parameters) << "};\n"
      << "const double descriptor_parameter_values[] = {" << doubles(parameter_values) << "};\n\n"
      << "const dyngen_mechanism_v3 descriptor = {3, \"" << engine::comment_text(model.name) << "\", \""
      << engine::comment_text(model.source_hash) << "\", " << model.dof() << ", " << independent.size() << ", "
      << model.loops.size() << ", " << wrench_bodies.size() << ", " << points.size() << ", " << kernels.parameters.size()
      << ", " << (model.moving_base ? 1 : 0) << ",\n"
      << "    descriptor_coordinates, descriptor_independent, descriptor_actuated, descriptor_reference_q,\n"
      << "    descriptor_lower_limits, descriptor_upper_limits, descriptor_wrench_bodies, descriptor_points,\n"
      << "    descriptor_loops, descriptor_parameter_names, descriptor_parameter_values, descriptor_close,\n"
      << "    descriptor_forward_dynamics, descriptor_base_wrench,\n"
      << "    descriptor_point_kinematics, descriptor_body_kinematics, descriptor_energy, descriptor_damper_power,\n"
      << "    descriptor_forward_dynamics_base_wrench, " << cache_size << ",\n    "
      << (finish ? "descriptor_forward_dynamics_base_wrench_prepare, descriptor_forward_dynamics_base_wrench_finish"
                 : "nullptr, nullptr")
      << "};\n\n"
      << "}  // namespace\n\n"
      << "const struct dyngen_mechanism_v3* " << ns << "_mechanism(void) { return &descriptor; }\n";
  return out.str();
}

}  // namespace dyngen::codegen
