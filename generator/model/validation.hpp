// Physical validity checks of numeric model data (mechanism-format.md "Errors").
#pragma once

#include <array>
#include <optional>
#include <string>

namespace dyngen::model_detail {

using Matrix3 = std::array<std::array<double, 3>, 3>;

// Checks an inertia tensor about the centre of mass: symmetric, positive semi-definite, principal
// moments satisfying the triangle inequality (I1 + I2 >= I3). Returns a message or nullopt.
std::optional<std::string> check_inertia_tensor(const Matrix3& tensor_about_com);

// Checks that R is a proper rotation (R R^T = E, det R = +1). Returns a message or nullopt.
std::optional<std::string> check_rotation(const Matrix3& r);


}  // namespace dyngen::model_detail
