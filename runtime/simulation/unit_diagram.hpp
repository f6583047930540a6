// The contact geometry as shapes of the run report's dynamic diagram (tools/report/README.md,
// diagram.json): the passive unit's guide surfaces in PU and each buffer link's primitives in its
// frame, drawn as their outlines (surfaces of revolution by their meridian profile, circles, spheres,
// segments, a few generatrices and the base arc of approximated cones, slots by their outline).
#pragma once

#include <nlohmann/json.hpp>

#include "contact/unit_geometry.hpp"

namespace dyngen::simulation {

// {"version": 1, "title", "passive": [...], "bodies": [{"name": link, "shapes": [...]}, ...], "frames": []}
nlohmann::json unit_diagram(const contact::UnitGeometry& geometry);

}  // namespace dyngen::simulation
