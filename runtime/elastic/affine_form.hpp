// A quantity affine in the unknowns of a linear system, c . x + d: the boundary problem at one time
// level (level_problem.hpp) writes each of the seed's conditions (7)-(11) as such a form, set to zero.
#pragma once

#include <Eigen/Dense>

namespace dyngen::elastic {

class AffineForm {
 public:
  // the constant d among `unknowns` unknowns
  AffineForm(Eigen::Index unknowns, double constant);
  // the unknown x_index itself
  static AffineForm unknown(Eigen::Index unknowns, Eigen::Index index);

  const Eigen::RowVectorXd& coefficients() const { return coefficients_; }
  double constant() const { return constant_; }

  AffineForm& operator+=(const AffineForm& other);
  AffineForm& operator-=(const AffineForm& other);
  AffineForm& operator+=(double value);
  AffineForm& operator*=(double factor);

 private:
  Eigen::RowVectorXd coefficients_;
  double constant_;
};

AffineForm operator+(AffineForm a, const AffineForm& b);
AffineForm operator-(AffineForm a, const AffineForm& b);
AffineForm operator+(AffineForm a, double value);
AffineForm operator-(AffineForm a, double value);
AffineForm operator*(double factor, AffineForm a);

}  // namespace dyngen::elastic
