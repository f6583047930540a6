#include "report/gnuplot_run.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

extern char** environ;

namespace dyngen::report {

bool run_gnuplot(const std::filesystem::path& script, const std::filesystem::path& log) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  std::string program = "gnuplot", path = script.string();
  char* argv[] = {program.data(), path.data(), nullptr};
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "gnuplot", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned == ENOENT) return false;
  if (spawned != 0) throw std::runtime_error(std::string("cannot run gnuplot: ") + std::strerror(spawned));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::ifstream in(log);
    const std::string messages{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    throw std::runtime_error("gnuplot failed on " + script.string() + ":\n" + messages);
  }
  return true;
}

}  // namespace dyngen::report
