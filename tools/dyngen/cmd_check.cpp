// dyngen check MODEL: load and validate a mechanism file; print its tables (bodies, coordinates,
// loops, tree depth) or every error (file:line:col: error: field: message) with exit code 1.
#include <iomanip>
#include <iostream>

#include "commands.hpp"
#include "model/loader.hpp"

namespace dyngen::cli {
namespace {

const char* joint_name(const Body& body) {
  if (body.parent < 0) return "-";
  return body.joint.type == JointType::revolute ? "revolute" : body.joint.type == JointType::prismatic ? "prismatic" : "fixed";
}

const char* cut_name(CutType cut) {
  switch (cut) {
    case CutType::spherical: return "spherical";
    case CutType::universal: return "universal";
    case CutType::revolute: return "revolute";
    case CutType::prismatic: return "prismatic";
  }
  return "?";
}

void print_summary(const Model& model, std::ostream& out) {
  int massless = 0;
  for (const Body& body : model.bodies) massless += body.massless ? 1 : 0;
  out << "model " << model.name << " (" << model.source_path << ", fnv1a64 " << model.source_hash << ")\n"
      << "base: " << model.bodies[0].name << (model.moving_base ? " (moving)" : " (fixed)") << "\n"
      << "bodies: " << model.body_count() - 1 << " (" << massless << " massless from composite joints) + base\n"
      << "dof: " << model.dof() << "\n"
      << "tree depth: " << model.tree_depth() << "\n\nbodies:\n";
  for (int j = 0; j < model.body_count(); ++j) {
    const Body& body = model.bodies[j];
    out << "  " << std::setw(3) << j << "  " << std::left << std::setw(20) << body.name << std::right
        << " parent " << std::setw(3) << body.parent << "  " << std::setw(9) << joint_name(body);
    if (body.parent >= 0) out << " " << "xyz"[body.joint.axis];
    out << "  mass " << body.inertia.mass.value << (body.massless ? " (massless)" : "")
        << (body.external_wrench ? "  [external wrench]" : "") << "\n";
  }
  out << "\ncoordinates (q order):\n";
  for (int i = 0; i < model.dof(); ++i)
    out << "  " << std::setw(3) << i << "  " << std::left << std::setw(20) << model.coordinates[i] << std::right
        << (model.independent[i] ? " independent" : " dependent") << "\n";
  out << "\nloops: " << model.loops.size() << "\n";
  for (const Loop& loop : model.loops) {
    out << "  " << loop.name << ": root " << model.bodies[loop.root].name << ", dependent";
    for (int b : loop.dependent) out << " " << model.bodies[b].name;
    out << ", closes on " << model.bodies[loop.closes_on].name << ", cut " << cut_name(loop.cut) << ", closure "
        << (loop.analytic_closure ? "analytic" : "newton") << "\n";
  }
  out << "points: " << model.points.size() << " (" << model.output_points.size() << " as outputs)\n";
}

}  // namespace

int run_check(const Args& args) {
  if (args.size() != 1) {
    std::cerr << "usage: dyngen check MODEL\n";
    return 2;
  }
  try {
    print_summary(load_model(args[0]), std::cout);
    return 0;
  } catch (const ModelError& error) {
    std::cerr << error.what() << "\n";
    return 1;
  }
}

}  // namespace dyngen::cli
