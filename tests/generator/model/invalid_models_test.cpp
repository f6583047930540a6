// Every error class of mechanism-format.md "Errors": each invalid file must fail with a message
// naming file:line:column, the field and what is wrong; a file with several errors reports all.
#include <gtest/gtest.h>

#include "lsan_suppressions.hpp"

#include <string>
#include <vector>

#include "model/loader.hpp"

namespace dyngen {
namespace {

struct Case {
  const char* file;
  const char* expected;  // "<line>:<col>: error: <field>: <message start>" after "<file>:"
};

const Case cases[] = {
    {"bad_body_name.yaml", R"(4:12: error: bodies[0].name: '2nd-link' is not a valid name)"},
    {"bad_model_name.yaml", R"(1:7: error: name: model name 'class' must match [a-z][a-z0-9_]* and not be a C++ keyword)"},
    {"dependent_not_chain.yaml", R"(10:20: error: loops[0].dependent[1]: dependent branch is not a simple chain hanging from root 'base': 'c' hangs from 'base', expected 'b' (list the chain first to terminal))"},
    {"division_by_zero.yaml", R"(8:58: error: bodies[0].joint.frame.xyz[2]: expression 'L/0' is not valid (power::eval(): division by zero))"},
    {"duplicate_name.yaml", R"(5:12: error: bodies[1].name: duplicate body name 'a' (also bodies[0]))"},
    {"inertia_not_psd.yaml", R"(7:32: error: bodies[0].inertia.tensor: inertia tensor (about the centre of mass) is not positive semi-definite: principal moments [-1, 1, 3])"},
    {"inertia_not_symmetric.yaml", R"(7:32: error: bodies[0].inertia.tensor: inertia tensor is not symmetric)"},
    {"inertia_triangle.yaml", R"(7:32: error: bodies[0].inertia.tensor: inertia tensor (about the centre of mass) violates the triangle inequality: principal moments [0.1, 0.1, 1] need I1 + I2 >= I3 for a physical body)"},
    {"key_not_a_name.yaml", R"(6:38: error: bodies[0].joint: expected a key name, got a list; valid keys here:)"},
    {"loop_closes_on_dependent.yaml", R"(11:16: error: loops[0].closes_on: loop branches do not meet at root 'base': closing body 'rocker' has the path rocker -> base, which must pass through the root and not through the dependent branch)"},
    {"loop_cut_axis_missing.yaml", R"(12:10: error: loops[0].cut.terminal_axis: missing required key 'terminal_axis' for a revolute cut joint)"},
    {"loop_dof_mismatch.yaml", R"(7:5: error: loops[0]: loop 'brace': its dependent branch has 2 coordinates (strut.0, strut.1) but its spherical cut gives 3 constraint equations; the dependent coordinates must be as many as the cut's constraints (spherical 3, universal 4, revolute or prismatic 5, a planar loop 2))"},
    {"loop_planar_out_of_plane.yaml", R"(8:5: error: loops[0]: loop 'four_bar' is planar (all its axes along [0, 0, 1] of 'base'), but its cut points lie 0.02 apart along that normal at every configuration, so they never meet; move terminal_point or closing_point into one plane)"},
    {"loop_prismatic_cut_reference.yaml", R"(12:10: error: loops[0].cut.closing_reference: missing required key 'closing_reference' for a prismatic cut joint (a direction normal to the cut axis, locking the rotation about it))"},
    {"loop_root.yaml", R"(11:16: error: loops[0].closes_on: loop branches do not meet at root 'b': closing body 'a' has the path a -> base, which must pass through the root and not through the dependent branch)"},
    {"missing_field.yaml", R"(4:5: error: bodies[0].parent: missing required key 'parent')"},
    {"nonpositive_mass.yaml", R"(7:21: error: bodies[0].inertia.mass: mass must be positive)"},
    {"not_finite.yaml", R"(8:46: error: bodies[0].joint.spring: expression 'log(L)' does not evaluate to a finite real number)"},
    {"parent_cycle.yaml", R"(4:23: error: bodies[0].parent: parent cycle a -> b -> a: none of these bodies hangs from the base)"},
    {"parent_cycle.yaml", R"(5:23: error: bodies[1].parent: parent cycle a -> b -> a: none of these bodies hangs from the base)"},
    {"rotation_not_orthonormal.yaml", R"(9:18: error: bodies[0].joint.frame.R: rotation matrix is not orthonormal (max |R R^T - E| = 0.5))"},
    {"several_errors.yaml", R"(1:7: error: name: model name 'Bad' must match [a-z][a-z0-9_]* and not be a C++ keyword)"},
    {"several_errors.yaml", R"(4:23: error: bodies[0].parent: unknown parent 'nowhere')"},
    {"several_errors.yaml", R"(4:46: error: bodies[0].joint.type: unknown joint type 'hinge')"},
    {"several_errors.yaml", R"(5:59: error: bodies[1].joint.axis: invalid axis 'w')"},
    {"several_errors.yaml", R"(5:79: error: bodies[1].inertia.mass: mass must be positive)"},
    {"undeclared_loop.yaml", R"(6:23: error: bodies[2].parent: undeclared closed loop: body 'b' already hangs from 'a' (bodies[1]))"},
    {"undefined_parameter.yaml", R"(8:58: error: bodies[0].joint.frame.xyz[2]: expression '2*L + H' references undefined parameter 'H')"},
    {"unknown_key.yaml", R"(6:38: error: bodies[0].joint.stiffness: unknown key 'stiffness')"},
    {"unknown_parent.yaml", R"(5:23: error: bodies[1].parent: unknown parent 'c')"},
    {"unreachable.yaml", R"(4:23: error: bodies[0].parent: parent cycle a -> a: none of these bodies hangs from the base)"},
    {"unreachable.yaml", R"(5:12: error: bodies[1].name: body 'b' is unreachable from the base 'base': its parent chain ends in the parent cycle a -> a)"},
    {"wrong_type.yaml", R"(7:21: error: bodies[0].inertia.mass: expected a number or an expression string, got a list)"},
    {"yaml_syntax.yaml", R"(6:1: error: YAML syntax error: end of sequence flow not found)"},
    {"zero_axis.yaml", R"(6:36: error: bodies[0].joint.axis: axis has zero length)"},
};

std::string invalid_dir() { return std::string(DYNGEN_SOURCE_DIR) + "/tests/generator/model/invalid/"; }

TEST(InvalidModels, EachErrorClassIsReportedWithLocationAndField) {
  for (const Case& c : cases) {
    const std::string path = invalid_dir() + c.file;
    try {
      load_model(path);
      ADD_FAILURE() << c.file << " loaded without error";
    } catch (const ModelError& error) {
      const std::string message = error.what();
      EXPECT_NE(message.find(path + ":" + c.expected), std::string::npos)
          << c.file << "\nexpected fragment: " << path << ":" << c.expected << "\nactual:\n" << message;
    }
  }
}

TEST(InvalidModels, AllErrorsOfOneFileAreReportedInLineOrder) {
  try {
    load_model(invalid_dir() + "several_errors.yaml");
    FAIL() << "loaded";
  } catch (const ModelError& error) {
    ASSERT_EQ(error.diagnostics().size(), 5u);
    for (std::size_t i = 1; i < error.diagnostics().size(); ++i)
      EXPECT_LE(error.diagnostics()[i - 1].line, error.diagnostics()[i].line);
    EXPECT_EQ(error.diagnostics()[3].field, "bodies[1].joint.axis");
    EXPECT_EQ(error.diagnostics()[3].line, 5);
    EXPECT_EQ(error.diagnostics()[3].column, 59);
  }
}

TEST(InvalidModels, MissingFileIsAModelError) {
  EXPECT_THROW(load_model(invalid_dir() + "no_such_file.yaml"), ModelError);
}

}  // namespace
}  // namespace dyngen
