// Contact events between steps, on the berthing ring's geometry with scripted contact states: the
// elements' names (the pair table, then the latches' back faces), the first contact once, each
// element's contact beginning and ending, an indicator coming on, latches triggering, capture once.
#include "contact/contact_events.hpp"

#include <gtest/gtest.h>

#include "contact/geometry_file.hpp"

namespace dyngen::contact {
namespace {

const UnitGeometry kRing = load_unit_geometry(std::string(DYNGEN_SOURCE_DIR) + "/models/docking_units/berthing_ring.yaml");

int task(const std::string& active, const std::string& passive) {
  for (std::size_t k = 0; k < kRing.tasks.size(); ++k) {
    const PairTask& t = kRing.tasks[k];
    if (kRing.links[t.link].primitives[t.active].name == active && kRing.passive[t.passive].name == passive)
      return static_cast<int>(k);
  }
  ADD_FAILURE() << "no task " << active << "-" << passive;
  return -1;
}

ContactRecord record(int t) {
  ContactRecord r;
  r.task = t;
  return r;
}

std::vector<Event> step(ContactEvents& events, const ContactData& data) {
  std::vector<Event> list;
  events.after_step(data, list);
  return list;
}

TEST(ContactEvents, NamesTheElementsThePairTableThenTheLatchesBackFaces) {
  const ContactEvents events(kRing);
  ASSERT_EQ(events.elements().size(), kRing.tasks.size() + kRing.peripheral_latches.size());
  const int cone = task("ring_inner_circle", "port_petal_2_cone");
  EXPECT_EQ(events.elements()[static_cast<std::size_t>(cone)], "ring_inner_circle-port_petal_2_cone");
  EXPECT_EQ(events.elements().back(), "latch_3b-stop_face");
  ContactRecord back;
  back.element = "latch_1b";
  EXPECT_EQ(events.elements()[static_cast<std::size_t>(events.element_of(back))], "latch_1b-stop_face");
  back.element = "no_such_latch";
  EXPECT_THROW(events.element_of(back), std::logic_error);
}

TEST(ContactEvents, ReportsEachChangeOnceAtTheStepItHappens) {
  ContactEvents events(kRing);
  ContactData data = make_contact_data(kRing);
  EXPECT_TRUE(step(events, data).empty());
  const int cone = task("ring_inner_circle", "port_petal_2_cone"), plane = task("ring_point_1a", "ring_plane");
  data.contacts = {record(cone), record(cone)};  // two points of one element: one event
  EXPECT_EQ(step(events, data), (std::vector<Event>{{"first_contact", "ring_inner_circle-port_petal_2_cone"},
                                                    {"contact_begin", "ring_inner_circle-port_petal_2_cone"}}));
  EXPECT_TRUE(events.touched());
  data.contacts = {record(plane)};
  data.sensors[1].on = true;
  EXPECT_EQ(step(events, data), (std::vector<Event>{{"contact_begin", "ring_point_1a-ring_plane"},
                                                    {"contact_end", "ring_inner_circle-port_petal_2_cone"},
                                                    {"sensor_on", "ready_to_latch_2"}}));
  for (std::size_t k = 0; k < data.peripheral_latches.size(); ++k) data.peripheral_latches[k].triggered = k % 2 == 0;
  data.captured = true;
  EXPECT_EQ(step(events, data), (std::vector<Event>{{"latch_triggered", "latch_1a"},
                                                    {"latch_triggered", "latch_2a"},
                                                    {"latch_triggered", "latch_3a"},
                                                    {"capture", "a latch of every group triggered"}}));
  EXPECT_TRUE(step(events, data).empty());  // nothing new
  data.contacts.clear();
  EXPECT_EQ(step(events, data), (std::vector<Event>{{"contact_end", "ring_point_1a-ring_plane"}}));
  data.contacts = {record(cone)};
  EXPECT_EQ(step(events, data), (std::vector<Event>{{"contact_begin", "ring_inner_circle-port_petal_2_cone"}}));
}

}  // namespace
}  // namespace dyngen::contact
