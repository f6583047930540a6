// The contact geometry as shapes of the run report's dynamic diagram (tools/report/README.md,
// diagram.json): the passive unit's guide surfaces in PU and each buffer link's primitives in its
// frame, drawn as their outlines (surfaces of revolution by their meridian profile, circles, spheres,
// segments, a few generatrices and the base arc of approximated cones, slots by their outline).
#pragma once

#include <nlohmann/json.hpp>

#include "contact/contact_events.hpp"
#include "contact/unit_geometry.hpp"

namespace dyngen::simulation {

// {"version": 1, "title", "passive": [...], "bodies": [{"name": link, "shapes": [...]}, ...], "frames": []}
nlohmann::json unit_diagram(const contact::UnitGeometry& geometry);

// What a frame of the diagram shows of the contact state: `contacts`, each contact point with its
// element's name, the point and the force on the passive unit (PU axes); `latches`, each latch by
// name, true once triggered.
struct DiagramContactState {
  nlohmann::json contacts;
  nlohmann::json latches;
};
DiagramContactState diagram_contact_state(const contact::UnitGeometry& geometry, const contact::ContactData& data,
                                          const contact::ContactEvents& elements);

}  // namespace dyngen::simulation
