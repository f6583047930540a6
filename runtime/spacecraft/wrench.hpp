// A force and its moment about a stated point, in stated axes (each function that takes or returns
// a Wrench says which point and which axes).
#pragma once

#include "spacecraft/vectors.hpp"

namespace dyngen::spacecraft {

struct Wrench {
  Vec3 force = Vec3::Zero();   // N
  Vec3 moment = Vec3::Zero();  // N m
};

}  // namespace dyngen::spacecraft
