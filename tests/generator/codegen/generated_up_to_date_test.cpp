// generated/ holds exactly what the generator emits for the bundled models: regenerating each
// model gives byte-identical files, and no other files are there.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "codegen/emit_files.hpp"
#include "generator/model/loader.hpp"

namespace dyngen::codegen {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> bundled() {
  std::ifstream list(fs::path(DYNGEN_SOURCE_DIR) / "generated" / "MODELS");
  std::vector<std::string> names;
  for (std::string line; std::getline(list, line);) {
    if (!line.empty()) names.push_back(line);
  }
  return names;
}

TEST(GeneratedUpToDate, RegeneratingGivesByteIdenticalFiles) {
  const auto names = bundled();
  ASSERT_GE(names.size(), 6u);
  for (const std::string& name : names) {
    const fs::path dir = fs::path(DYNGEN_SOURCE_DIR) / "generated" / name;
    const Model model = load_model(fs::path(DYNGEN_SOURCE_DIR) / "models" / (name + ".yaml"));
    const auto files = emit_files(model, build_kernels(model, {}), {});
    std::size_t on_disk = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
      ++on_disk;
      EXPECT_TRUE(files.contains(entry.path().filename().string()))
          << entry.path() << " is not generated any more";
    }
    EXPECT_EQ(on_disk, files.size()) << name;
    for (const auto& [file, text] : files) {
      EXPECT_TRUE(read(dir / file) == text)
          << "generated/" << name << "/" << file << " is stale: run tools/regenerate.sh";
    }
  }
}

TEST(GeneratedUpToDate, GenerationIsDeterministic) {
  const Model model = load_model(fs::path(DYNGEN_SOURCE_DIR) / "models" / "probe_cone_tree.yaml");
  EXPECT_EQ(emit_files(model, build_kernels(model, {}), {}),
            emit_files(model, build_kernels(model, {}), {}));
}

}  // namespace
}  // namespace dyngen::codegen
