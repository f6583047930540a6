// Writing a file all or nothing: the text goes to a temporary file beside it, renamed over the
// target only when complete, so a reader never sees half a report and a failed write leaves the
// previous file as it was.
#pragma once

#include <filesystem>
#include <string_view>

namespace dyngen::report {

// The temporary name beside `target`: `.<name>.tmp-<pid>`.
std::filesystem::path temporary_beside(const std::filesystem::path& target);

// std::runtime_error naming the file when it cannot be written; nothing is left behind then.
void write_file_atomically(const std::filesystem::path& target, std::string_view text);

}  // namespace dyngen::report
