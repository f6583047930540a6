// Latches of negligible or small inertia with one degree of freedom (contact preprint sec. 2-3).
#pragma once

#include "contact/contact_set.hpp"

namespace dyngen::contact {

// Deepest contact of a central latch's front segment with its guides at deflection phi, PU axes;
// false when it touches none (a test outside its valid range throws ContactError with time 0).
bool central_latch_front_contact(const CentralLatch& latch, const LinkState& link, double deflection,
                                 PairContact& deepest);

// Tip (2) of a central latch at deflection phi, in PU.
Vec3 central_latch_tip(const CentralLatch& latch, const LinkState& link, double deflection);

// Whether a point of PU projects inside the free region of a slot (preprint fig. 8b).
bool inside_slot(const Slot& slot, const Vec3& point);

// Central latch (preprint sec. 2, steps 1-6): from the previous deflection, phi is stepped by
// deflection_step until the front segment just clears the guides; the spring moment
// M = k phi + M_0 acting through the last contact normal gives the force; triggering when the tip
// projects inside the slot.
void update_central_latch(const UnitGeometry& geometry, const CentralLatch& latch, const LinkState& link,
                          double time, CentralLatchState& state);

// Implicit-Euler step of m x'' = -k x - f_0 + f_R,L (preprint sec. 3, closed-form 2x2 solution).
struct LatchStep {
  double rate = 0.0;
  double deflection = 0.0;
};
LatchStep peripheral_latch_step(double mass, double stiffness, double preload, double contact_force, double step,
                                double rate, double deflection);

// Peripheral latch (preprint sec. 3, fig. 15): tip on the stop's guide frustum, the contact force
// f_R,L = n_L^T n_R k_L,S Delta_n, one implicit-Euler step, triggering past the lock plane.
void update_peripheral_latch(const UnitGeometry& geometry, const PeripheralLatch& latch, const LinkState& link,
                             double time, double step, PeripheralLatchState& state);

// Back-face contacts of triggered latches (preprint fig. 9 and 16), appended to `out` as records.
void central_latch_back_contacts(const UnitGeometry& geometry, int latch_index, const UnitState& state,
                                 ContactData& data);
void peripheral_latch_back_contacts(const UnitGeometry& geometry, int latch_index, const UnitState& state,
                                    ContactData& data);

// Segment - slot (preprint sec. 2, fig. 9): the back segment crosses the slot plane at P_C with
// u = d_1 (from the stop) and v (d_2, across); up to two contacts: axial into the stop face when
// u < 0, lateral into the narrow/wide walls or along the normal of the inclined walls.
int segment_slot(const Segment& segment, const Slot& slot, PairContact out[2]);

}  // namespace dyngen::contact
