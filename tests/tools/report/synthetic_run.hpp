// A synthetic run directory for the report's tests: a scripted probe-cone docking with the
// representative unit's dimensions (models/docking_units/probe_cone.yaml), written in the format
// `dyngen simulate` writes (tools/report/README.md). The probe head closes at 0.25 m/s with a
// lateral miss, meets the receiving cone, slides down both cones into the socket, hits the
// bottom, the four latches trigger (capture) and the probe strokes; forces, strokes, energies
// and the base wrench follow from the scripted motion with a little ringing added. Plausible to
// the eye, not a solution of the equations of motion.
#pragma once

#include <filesystem>

namespace dyngen::testing {

struct SyntheticRunOptions {
  double end_time = 3.0;         // s
  // A run stopped by a diagnostic at this time (s; 0: runs to end_time): not captured, summary
  // with a message, the history's last line cut in the middle as a stopped writer leaves it.
  double stop_time = 0.0;
  double history_step = 1e-3;    // s between history rows
  double diagram_step = 1e-2;    // s between diagram frames
};

// Writes history.csv, events.csv, summary.json and diagram.json into `directory` (created).
void write_synthetic_run(const std::filesystem::path& directory, const SyntheticRunOptions& options = {});

}  // namespace dyngen::testing
