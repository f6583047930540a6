// The command that reruns a campaign case: every word survives a real POSIX shell unchanged (the
// shell splits the command and prints each word back), and the --set values read back as the
// case's doubles bit for bit.
#include "simulation/rerun_command.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "simulation/scenario_file.hpp"

namespace dyngen::simulation {
namespace {

// The words /bin/sh makes of `command_line`, each printed on its own line.
std::vector<std::string> shell_words(const std::string& command_line) {
  const std::string script = "set -- " + command_line + "; for w in \"$@\"; do printf '%s\\n' \"$w\"; done";
  FILE* pipe = ::popen(("sh -c " + shell_word(script)).c_str(), "r");
  std::string output;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
  ::pclose(pipe);
  std::vector<std::string> words;
  for (std::size_t start = 0, end; (end = output.find('\n', start)) != std::string::npos; start = end + 1)
    words.push_back(output.substr(start, end - start));
  return words;
}

TEST(RerunCommand, ShellWordsSurviveTheShell) {
  const std::vector<std::string> words = {"plain/path-1.yaml", "with space", "it's", "$HOME", "`date`", "a\"b",
                                          "back\\slash", "glob*?", "semi;colon", "x=1,y=2"};
  for (const std::string& word : words) EXPECT_EQ(shell_words(shell_word(word)), std::vector<std::string>{word}) << word;
  EXPECT_EQ(shell_word("models/scenarios/probe_cone_nominal.yaml"), "models/scenarios/probe_cone_nominal.yaml");
  EXPECT_EQ(shell_word("initial.lateral_miss=0.05"), "initial.lateral_miss=0.05");
  EXPECT_EQ(shell_word("with space"), "'with space'");
  EXPECT_EQ(shell_word(""), "''");
}

TEST(RerunCommand, TheSetValuesAreTheCaseDoubles) {
  campaign::CaseInputs inputs;
  inputs.case_index = 3;
  inputs.values = {{"initial.lateral_miss", 0.1 + 0.2}, {"initial.angular_rate", 1e-300},
                   {"initial.miss_direction", -std::nextafter(3.0, 4.0)}};
  const std::string command =
      rerun_command("my scenarios/s1.yaml", shell_word("--set") + " " + shell_word("stop.duration=2"), inputs);
  EXPECT_EQ(command,
            "dyngen simulate 'my scenarios/s1.yaml' --set stop.duration=2 --set initial.lateral_miss=0.30000000000000004 "
            "--set initial.angular_rate=1e-300 --set initial.miss_direction=-3.0000000000000004");
  const std::vector<std::string> words = shell_words(command);
  ASSERT_EQ(words.size(), 11u);
  EXPECT_EQ(words[2], "my scenarios/s1.yaml");
  for (std::size_t k = 0; k < inputs.values.size(); ++k) {
    const Override o = parse_override(words[6 + 2 * k]);
    EXPECT_EQ(o.path, inputs.values[k].first);
    EXPECT_EQ(std::stod(o.value), inputs.values[k].second) << o.value;
  }
  EXPECT_EQ(rerun_command("s.yaml", "", inputs).substr(0, 31), "dyngen simulate s.yaml --set in");
}

}  // namespace
}  // namespace dyngen::simulation
