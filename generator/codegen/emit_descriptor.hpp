// The mechanism descriptor of the emitted files (runtime/mechanism/descriptor.h): the struct and
// <name>_mechanism() in the C header, and in the C source the fixed-signature wrappers of close,
// forward dynamics (the chosen route, with a status), base wrench, point and body kinematics and
// the descriptor itself, so a runtime that loads the kernels drives any mechanism alike.
#pragma once

#include <string>

#include "codegen/kernels.hpp"
#include "generator/model/model.hpp"

namespace dyngen::codegen {

std::string descriptor_declaration(const Model& model);
std::string descriptor_definition(const Model& model, const GeneratedKernels& kernels);

}  // namespace dyngen::codegen
