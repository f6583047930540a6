// The bundled berthing scenarios with the station arm driven by the checked-in kernels (linked into
// the test) or by the numeric double algorithms, for the tests that run the arm.
#pragma once

#include <memory>
#include <string>

#include "berthing/berthing_system.hpp"
#include "contact/geometry_file.hpp"
#include "generator/model/loader.hpp"
#include "mechanism/generated_mechanism.hpp"
#include "mechanism/numeric_mechanism.hpp"
#include "simulation/scenario_file.hpp"
#include "station_arm_kernels.h"

namespace dyngen::berthing::testing {

inline const std::string kScenarios = std::string(DYNGEN_SOURCE_DIR) + "/models/scenarios/";

inline BerthingScenario scenario(const std::string& name) {
  const std::string file = kScenarios + name;
  return read_berthing_scenario(simulation::load_scenario_yaml(file), file);
}

inline std::unique_ptr<mechanism::Mechanism> generated_arm() {
  return std::make_unique<mechanism::GeneratedMechanism>(station_arm_mechanism());
}

inline std::unique_ptr<mechanism::Mechanism> numeric_arm(const std::string& model_file) {
  return std::make_unique<mechanism::NumericMechanism>(load_model(model_file));
}

// The system of a scenario with the given mechanism (the checked-in kernels by default).
inline std::unique_ptr<BerthingSystem> make_system(const BerthingScenario& s,
                                                   std::unique_ptr<mechanism::Mechanism> arm = generated_arm()) {
  return std::make_unique<BerthingSystem>(s, std::move(arm), contact::load_unit_geometry(s.geometry));
}

}  // namespace dyngen::berthing::testing
