// `dyngen bench MODEL [--params ...] [--algorithm ...] [--states N] [--min-time SECONDS]`: ns per
// call of every generated kernel (compiled with the system compiler at -O2, called through its C
// entry point) beside the double instantiation of the same algorithm and, for the mass matrix,
// inverse and forward dynamics, MuJoCo on the exported model; then the batch kernels (rows
// <kernel>_batch): ns per state of one call over all the states, and how many times faster that is
// than the scalar kernel; all on the same random states in one run. Each figure is the least of five means over the states cycled, each for at least a fifth
// of --min-time seconds (the least is what other work on the machine disturbs least). A
// looped model's states are closed; MuJoCo closes its loops by equality constraints (export_mjcf)
// and is timed on the forward dynamics only (its inverse dynamics is not the actuation of the
// closed mechanism), and how far its soft constraints leave its accelerations from the exact ones
// is printed.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

#include "commands.hpp"
#include "generate_args.hpp"
#include "generator/mjcf/mujoco_model.hpp"
#include "generator/model/loader.hpp"
#include "kernel_build.hpp"
#include "reference_kernels.hpp"

namespace dyngen::cli {

namespace {

using Clock = std::chrono::steady_clock;

// ns per call of call(sample index), cycling over `count` samples: the number of rounds is doubled
// until one measurement lasts at least min_seconds / kRepeats, then kRepeats measurements of that
// many rounds are taken and the least mean kept (other work on the machine only ever adds time).
constexpr int kRepeats = 5;

template <class Call>
double ns_per_call(Call&& call, std::size_t count, double min_seconds) {
  for (std::size_t s = 0; s < count; ++s) call(s);
  const auto measure = [&](long rounds) {
    const auto start = Clock::now();
    for (long r = 0; r < rounds; ++r) {
      for (std::size_t s = 0; s < count; ++s) call(s);
    }
    return std::chrono::duration<double>(Clock::now() - start).count();
  };
  long rounds = 1;
  double least = measure(rounds);
  while (least < min_seconds / kRepeats) least = measure(rounds *= 2);
  for (int k = 1; k < kRepeats; ++k) least = std::min(least, measure(rounds));
  return least * 1e9 / static_cast<double>(rounds * static_cast<long>(count));
}

// MuJoCo's pipeline stages for the kernels it also computes, at the sample's state.
class MujocoBaseline {
 public:
  explicit MujocoBaseline(const Model& model)
      : mujoco_(model), dense_(static_cast<std::size_t>(mujoco_.model()->nv * mujoco_.model()->nv)),
        forces_(static_cast<std::size_t>(mujoco_.model()->nv)) {}

  static const char* stages(const std::string& kernel, bool looped) {
    if (looped) return kernel.starts_with("forward_dynamics") ? "mj_forward (qfrc_applied = tau), loops by connect constraints" : nullptr;
    if (kernel == "mass_matrix") return "mj_kinematics + mj_comPos + mj_crb + mj_fullM";
    if (kernel == "inverse_dynamics") return "mj_kinematics + mj_comPos + mj_comVel + mj_rne";
    if (kernel.starts_with("forward_dynamics")) return "mj_forward (qfrc_applied = tau)";
    return nullptr;
  }

  // Runs the stages of `kernel` at the sample.
  void run(const std::string& kernel, const Sample& s) {
    const mjModel* m = mujoco_.model();
    mjData* d = mujoco_.data();
    mujoco_.set_state(s.q.data(), s.qd.data());
    if (kernel == "mass_matrix") {
      mj_kinematics(m, d);
      mj_comPos(m, d);
      mj_crb(m, d);
      mj_fullM(m, dense_.data(), d->qM);
      return;
    }
    if (kernel == "inverse_dynamics") {
      mujoco_.set_accelerations(s.qdd.data());
      mj_kinematics(m, d);
      mj_comPos(m, d);
      mj_comVel(m, d);
      mj_rne(m, d, 1, forces_.data());
      return;
    }
    mujoco_.set_applied_forces(s.tau.data());
    mj_forward(m, d);
  }

  double timestep() const { return mujoco_.model()->opt.timestep; }

  // MuJoCo's accelerations of the mechanism's n coordinates after run().
  std::vector<double> accelerations(int n) {
    std::vector<double> qacc;
    for (int i = 0; i < n; ++i) qacc.push_back(mujoco_.data()->qacc[mujoco_.dof_address(i)]);
    return qacc;
  }

 private:
  MujocoModel mujoco_;
  std::vector<mjtNum> dense_;
  std::vector<mjtNum> forces_;
};

template <class Number>
Number parse_positive(const std::string& option, const std::string& text) {
  Number value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !(value > Number(0))) {
    throw std::invalid_argument(option + ": expected a positive number (got '" + text + "')");
  }
  return value;
}

std::string cell(double value, int width, int precision) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(precision) << std::setw(width) << value;
  return text.str();
}

}  // namespace

int run_bench(const Args& args) {
  const GenerateArgs parsed = parse_generate_args(args);
  int states = 64;
  double min_seconds = 0.2;
  for (std::size_t i = 0; i < parsed.rest.size(); ++i) {
    const std::string& a = parsed.rest[i];
    if (a == "--states" && i + 1 < parsed.rest.size()) {
      states = parse_positive<int>(a, parsed.rest[++i]);
    } else if (a == "--min-time" && i + 1 < parsed.rest.size()) {
      min_seconds = parse_positive<double>(a, parsed.rest[++i]);
    } else {
      throw std::invalid_argument("bench: unknown argument '" + a + "'");
    }
  }
  const Model model = load_model(parsed.model);
  const bool looped = !model.loops.empty();
  const codegen::GeneratedKernels kernels = codegen::build_kernels(model, parsed.options);
  const KernelLibrary library(model, kernels, {}, true);
  const auto mech = algorithms::make_numeric_mechanism(model);
  const std::vector<Sample> samples = random_samples(model, mech, kernels, states, 1);
  // MuJoCo has no prescribed base motion: a moving base is timed fixed (the same joint-space work).
  Model fixed_base = model;
  fixed_base.moving_base = false;
  MujocoBaseline mujoco(fixed_base);

  std::cout << "bench " << model.name << " (" << model.dof() << " coordinates): ns per call, mean over "
            << samples.size() << " random states, least of " << kRepeats << " measurements of >= "
            << min_seconds / kRepeats << " s each; kernels compiled with -O2\n"
            << std::left << std::setw(30) << "kernel" << std::right << std::setw(11) << "generated"
            << std::setw(12) << "algorithm" << std::setw(10) << "speed-up" << std::setw(11) << "MuJoCo"
            << std::setw(10) << "speed-up" << std::setw(11) << "vs scalar" << "\n";
  std::optional<double> mujoco_forward;
  // per kernel name: ns of the scalar entry point, of the algorithm and of MuJoCo (where timed)
  std::map<std::string, double> scalar_ns, algorithm_ns, mujoco_ns;
  for (const KernelFunction& kernel : library.functions()) {
    std::vector<std::vector<double>> outputs;
    std::vector<double*> out;
    for (const auto& doc : kernel.outputs()) outputs.emplace_back(static_cast<std::size_t>(doc.size));
    for (auto& o : outputs) out.push_back(o.data());
    std::vector<std::vector<const double*>> inputs(samples.size());
    for (std::size_t s = 0; s < samples.size(); ++s) {
      for (const auto& doc : kernel.inputs()) inputs[s].push_back(samples[s].array(doc.name));
    }
    // The calls go through pointers into another library and into std::function, so none is
    // optimized away.
    const double generated =
        ns_per_call([&](std::size_t s) { kernel(inputs[s].data(), out.data()); }, samples.size(), min_seconds);
    const ReferenceFunction reference = reference_function(mech, kernels, kernel.name());
    const double algorithm = ns_per_call([&](std::size_t s) { reference(samples[s].state, out.data()); },
                                         samples.size(), min_seconds);
    scalar_ns[kernel.name()] = generated;
    algorithm_ns[kernel.name()] = algorithm;
    std::cout << std::left << std::setw(30) << kernel.name() << std::right << cell(generated, 11, 1)
              << cell(algorithm, 12, 1) << cell(algorithm / generated, 9, 2) << "x";
    if (MujocoBaseline::stages(kernel.name(), looped) != nullptr) {
      const bool forward = kernel.name().starts_with("forward_dynamics");
      double baseline = 0.0;
      if (forward && mujoco_forward) {
        baseline = *mujoco_forward;
      } else {
        baseline = ns_per_call([&](std::size_t s) { mujoco.run(kernel.name(), samples[s]); },
                               samples.size(), min_seconds);
        if (forward) mujoco_forward = baseline;
      }
      mujoco_ns[kernel.name()] = baseline;
      std::cout << cell(baseline, 11, 1) << cell(baseline / generated, 9, 2) << "x";
    }
    std::cout << "\n";
  }
  for (const BatchKernelFunction& batch : library.batch_functions()) {
    const std::vector<std::vector<double>> inputs = one_after_another(samples, batch.inputs());
    std::vector<std::vector<double>> outputs;
    for (const auto& doc : batch.outputs()) outputs.emplace_back(samples.size() * static_cast<std::size_t>(doc.size));
    std::vector<const double*> in;
    std::vector<double*> out;
    for (const auto& i : inputs) in.push_back(i.data());
    for (auto& o : outputs) out.push_back(o.data());
    const int n = static_cast<int>(samples.size());
    const double per_state = ns_per_call([&](std::size_t) { batch(n, in.data(), out.data()); }, 1, min_seconds) / n;
    const double algorithm = algorithm_ns.at(batch.name());
    std::cout << std::left << std::setw(30) << batch.name() + "_batch" << std::right << cell(per_state, 11, 1)
              << cell(algorithm, 12, 1) << cell(algorithm / per_state, 9, 2) << "x";
    if (mujoco_ns.contains(batch.name())) {
      std::cout << cell(mujoco_ns.at(batch.name()), 11, 1) << cell(mujoco_ns.at(batch.name()) / per_state, 9, 2) << "x";
    } else {
      std::cout << std::setw(21) << "";
    }
    std::cout << cell(scalar_ns.at(batch.name()) / per_state, 10, 2) << "x\n";
  }
  if (!library.batch_functions().empty()) {
    std::cout << "<kernel>_batch: ns per state of one call over the " << samples.size()
              << " states (batch entry point, " << library.batch_width() << " doubles per pack on this CPU); vs scalar: "
              << "the scalar kernel's ns per call over that\n";
  }
  std::cout << "algorithm: the double instantiation of the same algorithm template (built with dyngen's flags)\n"
            << "MuJoCo " << mj_versionString() << ", model exported by export-mjcf"
            << (model.moving_base ? " with the base fixed" : "") << ":\n";
  for (const char* kernel : {"mass_matrix", "inverse_dynamics", "forward_dynamics"}) {
    if (const char* stages = MujocoBaseline::stages(kernel, looped)) std::cout << "  " << kernel << ": " << stages << "\n";
  }
  if (looped) {
    // the exact accelerations (the double instantiation, base fixed as MuJoCo's) against MuJoCo's
    const ReferenceFunction exact = reference_function(mech, kernels, "forward_dynamics");
    const int n = model.dof();
    std::vector<double> qdd(static_cast<std::size_t>(n)), independent(static_cast<std::size_t>(mech.independent_dof())),
        det(model.loops.size());
    double* out[] = {qdd.data(), independent.data(), det.data()};
    double difference = 0.0, largest = 0.0;
    for (const Sample& s : samples) {
      algorithms::State<double> state = s.state;
      state.w0 = state.e0 = state.a0 = {};
      exact(state, out);
      mujoco.run("forward_dynamics", s);
      const std::vector<double> qacc = mujoco.accelerations(n);
      for (std::size_t i = 0; i < qdd.size(); ++i) {
        difference = std::max(difference, std::abs(qacc[i] - qdd[i]));
        largest = std::max(largest, std::abs(qdd[i]));
      }
    }
    std::cout << "MuJoCo's soft constraints (default solref, solimp, timestep " << mujoco.timestep()
              << " s): its accelerations differ from the closed mechanism's by up to " << std::scientific
              << std::setprecision(2) << difference / largest << " of the largest |qdd| over the states\n";
  }
  return 0;
}

}  // namespace dyngen::cli
