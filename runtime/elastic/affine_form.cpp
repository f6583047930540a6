#include "elastic/affine_form.hpp"

namespace dyngen::elastic {

AffineForm::AffineForm(Eigen::Index unknowns, double constant)
    : coefficients_(Eigen::RowVectorXd::Zero(unknowns)), constant_(constant) {}

AffineForm AffineForm::unknown(Eigen::Index unknowns, Eigen::Index index) {
  AffineForm form(unknowns, 0.0);
  form.coefficients_[index] = 1.0;
  return form;
}

AffineForm& AffineForm::operator+=(const AffineForm& other) {
  coefficients_ += other.coefficients_;
  constant_ += other.constant_;
  return *this;
}

AffineForm& AffineForm::operator-=(const AffineForm& other) {
  coefficients_ -= other.coefficients_;
  constant_ -= other.constant_;
  return *this;
}

AffineForm& AffineForm::operator+=(double value) {
  constant_ += value;
  return *this;
}

AffineForm& AffineForm::operator*=(double factor) {
  coefficients_ *= factor;
  constant_ *= factor;
  return *this;
}

AffineForm operator+(AffineForm a, const AffineForm& b) { return a += b; }
AffineForm operator-(AffineForm a, const AffineForm& b) { return a -= b; }
AffineForm operator+(AffineForm a, double value) { return a += value; }
AffineForm operator-(AffineForm a, double value) { return a += -value; }
AffineForm operator*(double factor, AffineForm a) { return a *= factor; }

}  // namespace dyngen::elastic
