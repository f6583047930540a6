// The charts of a run's time histories, grouped into report sections by the columns' groups
// (README.md, "What the report shows"):
//   contact       normal and friction force of every pair together, then each pair that ever
//                 touched on its own (one chart per unit of its items); pairs never in contact
//                 are named in a note
//   pose_error,   a manipulator's payload pose error, joint angles, rates and torques (berthing runs)
//   joint_angle,
//   joint_rate,
//   joint_torque
//   q, stroke,    mechanism coordinates and damper strokes (one chart per unit); latch states as
//   latch         steps
//   relative,     relative position, attitude, rates (one chart per unit); closing velocity
//   closing_velocity
//   energy        the energy terms; the balance error on its own scale
//   base_wrench   force and moment the mechanism exerts on its spacecraft
//   any other     one chart per group and unit, in the order the columns come
// Each known section also names the charts that make its PNG figure for papers.
#pragma once

#include <string>
#include <vector>

#include "report/chart.hpp"
#include "report/history.hpp"

namespace dyngen::report {

struct ChartSection {
  std::string id;       // HTML id, and the PNG's file stem when it has a figure
  std::string title;
  std::string intro;    // one sentence saying what the charts show
  std::vector<Chart> charts;
  std::vector<std::string> notes;
  std::vector<std::size_t> figure_panels;  // charts drawn into plots/<id>.png, top to bottom; none: no figure
};

std::vector<ChartSection> history_sections(const History& history);

}  // namespace dyngen::report
