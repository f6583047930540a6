// Looped mechanisms for the loop algorithms' tests: the bundled ones and small ones that cover the
// other chain types, cut types (spherical, universal, revolute, planar) and a loop rooted on a
// moving body.
#pragma once

#include <string>
#include <vector>

#include "bundled_models.hpp"
#include "generator/model/loader.hpp"

namespace dyngen::test {

// A four-bar (planar R1R1R1: crank independent, rocker and coupler dependent) on a carrier turning
// about x on a moving base, so the loop's root moves.
inline const char* const four_bar_on_carrier = R"(
name: four_bar
base: {name: base, motion: moving}
gravity: [0, 0, -9.81]
bodies:
  - {name: carrier, parent: base, joint: {type: revolute, axis: x, frame: {xyz: [0, 0, 0.2]}, spring: 30, damper: 0.5},
     inertia: {mass: 2, com: [0.05, 0, 0], tensor: {xx: 0.02, yy: 0.03, zz: 0.03}}}
  - {name: crank, parent: carrier, joint: {type: revolute, axis: z, frame: {xyz: [0, 0, 0.1]}, actuated: true},
     inertia: {mass: 0.4, com: [0.05, 0, 0], tensor: {xx: 0.0002, yy: 0.001, zz: 0.001}}}
  - {name: rocker, parent: carrier, joint: {type: revolute, axis: z, frame: {xyz: [0.3, 0, 0.1]}, spring: 2, q0: 0.3},
     inertia: {mass: 0.5, com: [0, 0.1, 0], tensor: {xx: 0.002, yy: 0.0002, zz: 0.002}}}
  - {name: coupler, parent: rocker, joint: {type: revolute, axis: z, frame: {xyz: [0, 0.2, 0]}, damper: 0.05},
     inertia: {mass: 0.6, com: [-0.1, 0, 0], tensor: {xx: 0.0003, yy: 0.003, zz: 0.003}}}
loops:
  - name: bar
    root: carrier
    dependent: [rocker, coupler]
    closes_on: crank
    cut: {type: revolute, terminal_point: [-0.25, -0.05, 0], closing_point: [0.1, 0.15, 0], terminal_axis: z, closing_axis: z}
)";

// A slider-crank (planar R1P1R1: a revolute then a prismatic dependent joint) on a fixed base.
inline const char* const slider_crank = R"(
name: slider_crank
base: {name: base, motion: fixed}
gravity: [0, -9.81, 0]
bodies:
  - {name: crank, parent: base, joint: {type: revolute, axis: z}, inertia: {mass: 1, com: [0.05, 0, 0], tensor: {xx: 0.001, yy: 0.003, zz: 0.003}}}
  - {name: guide, parent: base, joint: {type: revolute, axis: z, frame: {xyz: [0.4, 0.05, 0]}},
     inertia: {mass: 0.8, com: [-0.1, 0, 0], tensor: {xx: 0.0004, yy: 0.004, zz: 0.004}}}
  - {name: plunger, parent: guide, joint: {type: prismatic, axis: [-1, 0, 0], q0: 0.25, spring: 200, damper: 3},
     inertia: {mass: 0.3, com: [0, 0, 0], tensor: {xx: 0.0001, yy: 0.0005, zz: 0.0005}}}
loops:
  - name: slider
    root: base
    dependent: [guide, plunger]
    closes_on: crank
    cut: {type: spherical, terminal_point: [0, 0, 0], closing_point: [0.12, 0, 0]}
)";

// A spatial loop without a closed form (R1R1R1 + spherical: closure by Newton) beside a strut
// closing on a body of the first loop's dependent branch (a nested loop, closed second).
inline const char* const nested_newton = R"(
name: nested
base: {name: base, motion: moving}
bodies:
  - {name: arm, parent: base, joint: {type: revolute, axis: z, frame: {xyz: [0, 0, 0.1]}, actuated: true},
     inertia: {mass: 1, com: [0.2, 0, 0], tensor: {xx: 0.001, yy: 0.01, zz: 0.01}}}
  - {name: a, parent: base, joint: {type: revolute, axis: x, frame: {xyz: [0.3, 0.2, 0]}},
     inertia: {mass: 0.5, com: [0, 0, 0.05], tensor: {xx: 0.002, yy: 0.002, zz: 0.0003}}}
  - {name: b, parent: a, joint: {type: revolute, axis: y, frame: {xyz: [0, 0, 0.1]}},
     inertia: {mass: 0.5, com: [0, 0, 0.05], tensor: {xx: 0.002, yy: 0.002, zz: 0.0003}}}
  - {name: c, parent: b, joint: {type: revolute, axis: x, frame: {xyz: [0, 0, 0.1]}, damper: 0.1},
     inertia: {mass: 0.5, com: [0, -0.05, 0], tensor: {xx: 0.002, yy: 0.0003, zz: 0.002}}}
  - {name: strut, parent: base, joint: {type: universal, frame: {xyz: [0.3, -0.2, 0]}}, inertia: {mass: 0.2, com: [0, 0, 0.05], tensor: {xx: 0.001, yy: 0.001, zz: 0.0001}}}
  - {name: strut_rod, parent: strut, joint: {type: prismatic, axis: z, q0: 0.25, spring: 300, damper: 5},
     inertia: {mass: 0.1, tensor: {xx: 0.0001, yy: 0.0001, zz: 0.00001}}}
loops:
  - name: outer
    root: base
    dependent: [a, b, c]
    closes_on: arm
    cut: {type: spherical, terminal_point: [0, -0.2, 0], closing_point: [0.3, 0, 0.1]}
  - name: inner
    root: base
    dependent: [strut, strut_rod]
    closes_on: b
    cut: {type: spherical, terminal_point: [0, 0, 0], closing_point: [0, -0.05, 0.1]}
    closure: newton
)";

// Spatial loops whose cut holds its two points together and also constrains orientation, closed by
// Newton: a strut (universal, prismatic, revolute) closing on a crank by a universal cut (three
// position rows and one orientation row), and one with a wrist (universal) closing by a revolute
// cut (three and two).
inline const char* const universal_cut = R"yaml(
name: universal_cut
base: {name: base, motion: moving}
gravity: [0, 0, -9.81]
bodies:
  - {name: crank, parent: base, joint: {type: revolute, axis: z, frame: {xyz: [0, 0, 0.3]}, actuated: true, damper: 0.2},
     inertia: {mass: 1.0, com: [0.1, 0.02, 0], tensor: {xx: 0.002, yy: 0.01, zz: 0.01}}}
  - {name: strut, parent: base, joint: {type: universal, frame: {xyz: [0.4, 0, 0], rpy: [0, "atan2(-0.2, 0.3)", 0]}},
     inertia: {mass: 0.5, com: [0, 0, 0.1], tensor: {xx: 0.002, yy: 0.002, zz: 0.0003}}}
  - {name: rod, parent: strut, joint: {type: prismatic, axis: z, q0: "sqrt(0.13)", spring: 200, damper: 2},
     inertia: {mass: 0.3, com: [0, 0, -0.05], tensor: {xx: 0.001, yy: 0.001, zz: 0.0001}}}
  - {name: sleeve, parent: rod, joint: {type: revolute, axis: z, damper: 0.01},
     inertia: {mass: 0.2, com: [0.01, 0, 0], tensor: {xx: 0.0002, yy: 0.0003, zz: 0.0003}}}
loops:
  - name: spatial_u
    root: base
    dependent: [strut, rod, sleeve]
    closes_on: crank
    cut: {type: universal, terminal_point: [0, 0, 0], closing_point: [0.2, 0, 0], terminal_axis: x, closing_axis: y}
)yaml";

inline const char* const revolute_cut = R"yaml(
name: revolute_cut
base: {name: base, motion: moving}
gravity: [0, 0, -9.81]
bodies:
  - {name: crank, parent: base, joint: {type: revolute, axis: z, frame: {xyz: [0, 0, 0.3]}, actuated: true, damper: 0.2},
     inertia: {mass: 1.0, com: [0.1, 0.02, 0], tensor: {xx: 0.002, yy: 0.01, zz: 0.01}}}
  - {name: strut, parent: base, joint: {type: universal, frame: {xyz: [0.4, 0, 0], rpy: [0, "atan2(-0.2, 0.3)", 0]}},
     inertia: {mass: 0.5, com: [0, 0, 0.1], tensor: {xx: 0.002, yy: 0.002, zz: 0.0003}}}
  - {name: rod, parent: strut, joint: {type: prismatic, axis: z, q0: "sqrt(0.13)", spring: 200, damper: 2},
     inertia: {mass: 0.3, com: [0, 0, -0.05], tensor: {xx: 0.001, yy: 0.001, zz: 0.0001}}}
  - {name: wrist, parent: rod, joint: {type: universal, damper: 0.01},
     inertia: {mass: 0.2, com: [0.01, 0, 0.01], tensor: {xx: 0.0002, yy: 0.0003, zz: 0.0003}}}
loops:
  - name: spatial_r
    root: base
    dependent: [strut, rod, wrist]
    closes_on: crank
    cut: {type: revolute, terminal_point: [0, 0, 0], closing_point: [0.2, 0, 0], terminal_axis: [0.5547001962252291, 0, 0.8320502943378437], closing_axis: z}
)yaml";

struct LoopedCase {
  std::string name;
  Model model;
  double spread;  // offsets of the independent coordinates from the reference
};

inline std::vector<LoopedCase> looped_cases() {
  return {{"hexapod_peripheral", load_bundled_model("hexapod_peripheral"), 0.04},
          {"probe_cone_central", load_bundled_model("probe_cone_central"), 0.05},
          {"four_bar", load_model_from_string(four_bar_on_carrier, "four_bar.yaml"), 0.3},
          {"slider_crank", load_model_from_string(slider_crank, "slider_crank.yaml"), 0.5},
          {"nested", load_model_from_string(nested_newton, "nested.yaml"), 0.1},
          {"universal_cut", load_model_from_string(universal_cut, "universal_cut.yaml"), 0.3},
          {"revolute_cut", load_model_from_string(revolute_cut, "revolute_cut.yaml"), 0.3}};
}

}  // namespace dyngen::test
