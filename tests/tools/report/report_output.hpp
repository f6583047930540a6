// Reading what `dyngen report` wrote, for the command tests: a JSON data block of the page and
// whether a file is a drawn PNG.
#pragma once

#include <filesystem>
#include <string>

#include "run_dyngen.hpp"

namespace dyngen::testing {

// The text of the page's <script type="application/json" id="ID"> block.
inline std::string json_block(const std::string& html, const std::string& id) {
  const std::string open = "<script type=\"application/json\" id=\"" + id + "\">";
  const std::size_t begin = html.find(open) + open.size();
  return html.substr(begin, html.find("</script>", begin) - begin);
}

// A PNG with more than a blank canvas in it.
inline bool is_png(const std::filesystem::path& path) {
  const std::string bytes = read_text(path);
  return bytes.size() > 5000 && bytes.substr(1, 3) == "PNG";
}

}  // namespace dyngen::testing
