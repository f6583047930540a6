#include "codegen/emit_loops.hpp"

#include <cmath>
#include <limits>
#include <sstream>

#include "engine/emit_cpp.hpp"
#include "engine/identifier.hpp"
#include "generator/algorithms/mechanism.hpp"

namespace dyngen::codegen {

namespace {

using engine::format_double;
using engine::mangle_identifier;

bool has_kernel(const GeneratedKernels& kernels, const std::string& name) {
  for (const auto& k : kernels.kernels)
    if (k.name == name) return true;
  return false;
}

bool has_parameters(const GeneratedKernels& kernels) { return !kernels.parameters.empty(); }

template <class T, class F>
std::string list(const std::vector<T>& values, F print) {
  std::string text;
  for (std::size_t i = 0; i < values.size(); ++i) text += (i ? ", " : "") + print(values[i]);
  return "{" + text + "}";
}

std::string limit(double value) {
  if (std::isinf(value)) return value > 0 ? "HUGE_VAL" : "-HUGE_VAL";
  return format_double(value);
}

// Per loop, in Model::loops order.
struct LoopTables {
  std::vector<int> rows, row_offset, block_offset, newton, margins;
  std::vector<int> dependent_loop;  // per coordinate: the loop it is dependent in, or -1
  std::vector<int> dependent;       // the loops' dependent coordinates, loop after loop
};

LoopTables tables(const Model& model) {
  LoopTables t;
  t.dependent_loop.assign(static_cast<std::size_t>(model.dof()), -1);
  int row = 0, block = 0;
  for (std::size_t l = 0; l < model.loops.size(); ++l) {
    const Loop& loop = model.loops[l];
    t.rows.push_back(loop.constraints);
    t.row_offset.push_back(row);
    t.block_offset.push_back(block);
    row += loop.constraints;
    block += loop.constraints * loop.constraints;
    t.newton.push_back(loop.closes_analytically() ? 0 : 1);
    for (int b : loop.dependent) {
      const int i = model.bodies[static_cast<std::size_t>(b)].coordinate;
      t.dependent.push_back(i);
      t.dependent_loop[static_cast<std::size_t>(i)] = static_cast<int>(l);
    }
  }
  for (int l : model.loop_order) {
    const Loop& loop = model.loops[static_cast<std::size_t>(l)];
    if (!loop.closes_analytically()) continue;
    const int count = loop.closed_form == ClosedForm::universal_prismatic ? 2 : 1;
    for (int k = 0; k < count; ++k) t.margins.push_back(l);
  }
  return t;
}

}  // namespace

std::string loop_declarations(const Model& model, const GeneratedKernels& kernels) {
  const LoopTables t = tables(model);
  const auto mech = algorithms::make_numeric_mechanism(model);
  const auto integer = [](int v) { return std::to_string(v); };
  const auto quoted = [](const std::string& s) { return "\"" + mangle_identifier(s) + "\""; };
  std::vector<std::string> names;
  for (const Loop& loop : model.loops) names.push_back(loop.name);
  std::vector<double> lower, upper;
  for (const auto& [low, high] : mech.limits) {
    lower.push_back(low);
    upper.push_back(high);
  }
  std::ostringstream out;
  out << "// Loops (thesis 2.3-2.5): the cut joints are replaced by constraints; q and qd hold every\n"
      << "// coordinate, the dependent ones solved from the independent ones by close() below.\n"
      << "constexpr int independent_dof = " << mech.independent_dof() << ";\n"
      << "constexpr int loops = " << model.loops.size() << ";\n"
      << "constexpr int independent_coordinates[" << mech.independent_dof()
      << "] = " << list(mech.independent_coordinates, integer) << ";\n"
      << "constexpr const char* loop_names[" << model.loops.size() << "] = " << list(names, quoted) << ";\n"
      << "// Per loop: constraint rows m, offset of its rows in phi and of its m x m block in phi_d, closed\n"
      << "// by Newton (1) or a closed form (0); its dependent coordinates, loop after loop.\n"
      << "constexpr int loop_rows[" << model.loops.size() << "] = " << list(t.rows, integer) << ";\n"
      << "constexpr int loop_row_offset[" << model.loops.size() << "] = " << list(t.row_offset, integer) << ";\n"
      << "constexpr int loop_block_offset[" << model.loops.size() << "] = " << list(t.block_offset, integer) << ";\n"
      << "constexpr int loop_by_newton[" << model.loops.size() << "] = " << list(t.newton, integer) << ";\n"
      << "constexpr int loop_dependent[" << t.dependent.size() << "] = " << list(t.dependent, integer) << ";\n"
      << "// Per coordinate: the loop it is dependent in (-1: independent), and its limits.\n"
      << "constexpr int dependent_loop[" << model.dof() << "] = " << list(t.dependent_loop, integer) << ";\n"
      << "constexpr double lower_limit[" << model.dof() << "] = " << list(lower, limit) << ";\n"
      << "constexpr double upper_limit[" << model.dof() << "] = " << list(upper, limit) << ";\n"
      << "// det Phi_d of each loop at the reference configuration (every q at its q0, closed): a loop\n"
      << "// is singular where |det| falls below singular_ratio of it.\n"
      << "constexpr double det_reference[" << model.loops.size()
      << "] = " << list(kernels.reference.det_phi_d, [](double v) { return format_double(v); }) << ";\n"
      << "constexpr double singular_ratio = 1e-9;\n";
  if (!t.margins.empty())
    out << "// The loop of each closure_margin entry of position_closure.\n"
        << "constexpr int margin_loop[" << t.margins.size() << "] = " << list(t.margins, integer) << ";\n";
  out << "\n// What close() and the checks return.\n"
      << "enum ClosureStatus : int { closed = 0, unreachable = 1, beyond_limits = 2, singular = 3, not_converged = 4, "
         "not_finite = 5 };\n\n";
  return out.str();
}

std::string loop_drivers(const Model& model, const GeneratedKernels& kernels) {
  const LoopTables t = tables(model);
  const bool analytic = has_kernel(kernels, "position_closure");
  bool newton = false;
  for (int n : t.newton) newton = newton || n;
  const std::string p_param = has_parameters(kernels) ? ", const T* p" : "";
  const std::string p_arg = has_parameters(kernels) ? "p, " : "";
  std::ostringstream out;
  out << "// 0 when every loop's det Phi_d (a kernel's det_phi_d output) is clear of zero, else 1 + the\n"
      << "// first singular loop.\n"
      << "template <class T>\ninline int singular_loop(const T* det_phi_d) {\n"
      << "  for (int l = 0; l < loops; ++l)\n"
      << "    if (!(std::fabs(static_cast<double>(det_phi_d[l])) > singular_ratio * std::fabs(det_reference[l]))) return l + 1;\n"
      << "  return 0;\n}\n\n";
  if (newton) {
    int rows = 0, entries = 0;
    for (const Loop& loop : model.loops) {
      rows += loop.constraints;
      entries += loop.constraints * loop.constraints;
    }
    out << "// Newton on the loops without a closed form: q_d -= Phi_d^-1 Phi, Phi_d by Gaussian elimination\n"
        << "// with partial pivoting, until max |Phi| <= tolerance; at most max_iterations.\n"
        << "template <class T>\ninline int close_by_newton(T* q" << p_param << ", int* failed_loop) {\n"
        << "  const T tolerance = sizeof(T) < sizeof(double) ? T(1e-5) : T(1e-13);\n"
        << "  constexpr int max_iterations = 50;\n"
        << "  T phi[" << rows << "], phi_d[" << entries << "];\n"
        << "  for (int iteration = 0;; ++iteration) {\n"
        << "    loop_residual(q, " << p_arg << "phi, phi_d);\n"
        << "    int open = -1;\n"
        << "    for (int l = 0; l < loops; ++l) {\n"
        << "      if (!loop_by_newton[l]) continue;\n"
        << "      for (int r = 0; r < loop_rows[l]; ++r) {\n"
        << "        const T value = phi[loop_row_offset[l] + r];\n"
        << "        if (!(value == value)) { *failed_loop = l; return not_finite; }\n"
        << "        if (open < 0 && std::fabs(value) > tolerance) open = l;\n"
        << "      }\n"
        << "    }\n"
        << "    if (open < 0) return closed;\n"
        << "    if (iteration == max_iterations) { *failed_loop = open; return not_converged; }\n"
        << "    for (int l = 0; l < loops; ++l) {\n"
        << "      if (!loop_by_newton[l]) continue;\n"
        << "      const int m = loop_rows[l];\n"
        << "      T a[5][6];\n"
        << "      T scale = T(0);\n"
        << "      for (int r = 0; r < m; ++r) {\n"
        << "        for (int c = 0; c < m; ++c) {\n"
        << "          a[r][c] = phi_d[loop_block_offset[l] + r * m + c];\n"
        << "          if (std::fabs(a[r][c]) > scale) scale = std::fabs(a[r][c]);\n"
        << "        }\n"
        << "        a[r][m] = phi[loop_row_offset[l] + r];\n"
        << "      }\n"
        << "      for (int k = 0; k < m; ++k) {\n"
        << "        int pivot = k;\n"
        << "        for (int r = k + 1; r < m; ++r) if (std::fabs(a[r][k]) > std::fabs(a[pivot][k])) pivot = r;\n"
        << "        if (!(std::fabs(a[pivot][k]) > T(1e-12) * scale)) { *failed_loop = l; return singular; }\n"
        << "        for (int c = 0; c <= m; ++c) { const T swap = a[k][c]; a[k][c] = a[pivot][c]; a[pivot][c] = swap; }\n"
        << "        for (int r = k + 1; r < m; ++r) {\n"
        << "          const T factor = a[r][k] / a[k][k];\n"
        << "          for (int c = k; c <= m; ++c) a[r][c] -= factor * a[k][c];\n"
        << "        }\n"
        << "      }\n"
        << "      for (int k = m - 1; k >= 0; --k) {\n"
        << "        T sum = a[k][m];\n"
        << "        for (int c = k + 1; c < m; ++c) sum -= a[k][c] * a[c][m];\n"
        << "        a[k][m] = sum / a[k][k];\n"
        << "        q[loop_dependent[loop_row_offset[l] + k]] -= a[k][m];\n"
        << "      }\n"
        << "    }\n"
        << "  }\n}\n\n";
  }
  const bool fused = has_kernel(kernels, "closure");
  // the closed forms' radicands, then q from closed_q (close_analytically, and close() when fused)
  const auto take_closed_q = [&] {
    out << "  for (int k = 0; k < " << t.margins.size() << "; ++k)\n"
        << "    if (!(margin[k] >= T(0))) { *failed_loop = margin_loop[k]; return unreachable; }\n"
        << "  std::memcpy(q, closed_q, sizeof closed_q);\n";
  };
  if (analytic && !fused) {
    out << "// The closed-form loops: their dependent coordinates from position_closure, on the branch of\n"
        << "// the guess in q; unreachable where a radicand is negative.\n"
        << "template <class T>\ninline int close_analytically(T* q" << p_param << ", int* failed_loop) {\n"
        << "  T closed_q[dof], margin[" << t.margins.size() << "];\n"
        << "  position_closure(q, " << p_arg << "closed_q, margin);\n";
    take_closed_q();
    out << "  return closed;\n}\n\n";
  }
  out << "// Closes a state in place: the dependent coordinates of q from the independent ones (the given\n"
      << "// values are the guess: the closed forms keep its branch, Newton starts there), then the\n"
      << "// dependent rates of qd from the independent rates. Returns closed (0) or, with *failed_loop\n"
      << "// set, unreachable (a chain cannot reach), beyond_limits (a closed coordinate outside its\n"
      << "// limits), singular (Phi_d loses rank), not_converged or not_finite; q and qd then hold what\n"
      << "// was reached and must not be used.\n"
      << "template <class T>\ninline int close(T* q, T* qd" << p_param << ", int* failed_loop) {\n"
      << "  *failed_loop = -1;\n";
  if (fused) {
    // every loop closed-form: positions and rates by the one kernel
    out << "  T closed_q[dof], margin[" << t.margins.size() << "], closed_qd[dof], det[loops];\n"
        << "  closure(q, qd, " << p_arg << "closed_q, margin, closed_qd, det);\n";
    take_closed_q();
  } else {
    out << "  int status = closed;\n";
    const auto step = [&](const std::string& call) {
      out << "  status = " << call << "(q, " << p_arg << "failed_loop);\n  if (status != closed) return status;\n";
    };
    if (analytic) step("close_analytically");
    if (newton) step("close_by_newton");
    // a closed-form loop nested under a Newton loop sees the Newton result on a second pass
    if (analytic && newton) step("close_analytically");
  }
  out << "  for (int i = 0; i < dof; ++i) {\n"
      << "    if (!(q[i] == q[i])) { *failed_loop = dependent_loop[i]; return not_finite; }\n"
      << "    if (dependent_loop[i] >= 0 && (q[i] < T(lower_limit[i]) || q[i] > T(upper_limit[i]))) {\n"
      << "      *failed_loop = dependent_loop[i];\n      return beyond_limits;\n    }\n  }\n";
  if (!fused)
    out << "  T closed_qd[dof], det[loops];\n"
        << "  dependent_velocities(q, qd, " << p_arg << "closed_qd, det);\n";
  out << "  if (const int l = singular_loop(det)) { *failed_loop = l - 1; return singular; }\n";
  // a closed angle whose atan2 had both arguments zero (a point on its axis) leaves its sine and
  // cosine, and so the dependent rates, NaN
  if (fused)
    out << "  for (const int i : loop_dependent)\n"
        << "    if (!(closed_qd[i] == closed_qd[i])) { *failed_loop = dependent_loop[i]; return not_finite; }\n";
  out << "  std::memcpy(qd, closed_qd, sizeof closed_qd);\n"
      << "  return closed;\n}\n\n";
  return out.str();
}

std::string loop_c_declarations(const Model& model, const GeneratedKernels& kernels) {
  const std::string ns = mangle_identifier(model.name);
  const std::string p = has_parameters(kernels) ? ", const double* p" : "";
  const std::string pf = has_parameters(kernels) ? ", const float* p" : "";
  return "int " + ns + "_close(double* q, double* qd" + p + ", int* failed_loop);\n" + "int " + ns +
         "_close_f(float* q, float* qd" + pf + ", int* failed_loop);\n" + "int " + ns +
         "_singular_loop(const double* det_phi_d);\n";
}

std::string loop_c_definitions(const Model& model, const GeneratedKernels& kernels) {
  const std::string ns = mangle_identifier(model.name);
  const bool p = has_parameters(kernels);
  std::ostringstream out;
  for (const char* scalar : {"double", "float"}) {
    const std::string suffix = std::string(scalar) == "float" ? "_f" : "";
    // the closure's kernels inlined into the clones of close() as into every double entry point's
    if (suffix.empty()) out << "DYNGEN_" << ns << "_CLONES\n";
    out << "int " << ns << "_close" << suffix << "(" << scalar << "* q, " << scalar << "* qd"
        << (p ? std::string(", const ") + scalar + "* p" : "") << ", int* failed_loop) {\n  return " << ns
        << "::close(q, qd, " << (p ? "p, " : "") << "failed_loop);\n}\n\n";
  }
  out << "int " << ns << "_singular_loop(const double* det_phi_d) { return " << ns
      << "::singular_loop(det_phi_d); }\n\n";
  return out.str();
}

}  // namespace dyngen::codegen
