// dyngen check MODEL: load and validate a mechanism file; print its tables (bodies, coordinates,
// loops, tree depth) or every error (file:line:col: error: field: message) with exit code 1.
#include <iomanip>
#include <iostream>

#include "commands.hpp"
#include "model/loader.hpp"
#include "model/topology.hpp"

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

const char* closed_form_name(ClosedForm form) {
  switch (form) {
    case ClosedForm::universal_prismatic: return "two revolute joints meeting in a point, then a prismatic joint";
    case ClosedForm::planar_rr: return "planar revolute-revolute: two circles";
    case ClosedForm::planar_rp: return "planar revolute-prismatic: a length, then an angle";
    case ClosedForm::none: return "none";
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
  out << "\nloops: " << model.loops.size();
  if (!model.loops.empty()) {
    out << " (closed in the order";
    for (int l : model.loop_order) out << " " << model.loops[l].name;
    out << ")";
  }
  out << "\n";
  for (const Loop& loop : model.loops) {
    const auto coordinate = [&](int b) { return model.coordinates[model.bodies[b].coordinate]; };
    out << "  " << loop.name << ": chain " << loop.chain << ", " << (loop.planar ? "planar" : "spatial") << ", "
        << loop.constraints << " constraints; root " << model.bodies[loop.root].name << ", closes on "
        << model.bodies[loop.closes_on].name << ", cut " << cut_name(loop.cut);
    if (loop.planar)
      out << ", plane normal [" << loop.plane_normal[0] << ", " << loop.plane_normal[1] << ", " << loop.plane_normal[2]
          << "] (root axes)";
    out << "\n    dependent:";
    for (int b : loop.dependent) out << " " << coordinate(b);
    out << "\n    closing path:";
    const std::vector<int> path = loop.closes_on == loop.root ? std::vector<int>{} : path_up_to(model, loop.closes_on, loop.root);
    for (auto b = path.rbegin(); b != path.rend(); ++b)
      out << " " << coordinate(*b) << (model.independent[model.bodies[*b].coordinate] ? "" : " (dependent)");
    if (path.empty()) out << " none (closes on its root)";
    out << "\n    closure: ";
    if (loop.closes_analytically())
      out << "analytic (" << closed_form_name(loop.closed_form) << ")";
    else if (!loop.analytic_closure)
      out << "newton (as the file asks)";
    else
      out << "newton (" << loop.no_closed_form << ")";
    out << "\n";
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
