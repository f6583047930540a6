// SHA-256 against the FIPS 180-4 examples (NIST CSRC "SHA256.pdf": "abc", the 448-bit message) and
// the million-'a' vector, and against coreutils' sha256sum for every length from 0 to 130 bytes
// (one, two and three blocks; every padding case).
#include "campaign/sha256.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace dyngen::campaign {
namespace {

TEST(Sha256, MatchesTheFipsExamples) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

std::string sha256sum_of_file(const std::filesystem::path& path) {
  FILE* pipe = ::popen(("sha256sum " + path.string()).c_str(), "r");
  char digest[65] = {};
  const bool read = pipe && std::fread(digest, 1, 64, pipe) == 64;
  if (pipe) ::pclose(pipe);
  return read ? std::string(digest, 64) : std::string("sha256sum failed");
}

TEST(Sha256, MatchesSha256sumForEveryPaddingLength) {
  const auto path = std::filesystem::temp_directory_path() / ("dyngen_sha256_" + std::to_string(::getpid()));
  std::string data;
  for (int length = 0; length <= 130; ++length) {
    std::ofstream(path, std::ios::binary) << data;
    EXPECT_EQ(sha256_hex(data), sha256sum_of_file(path)) << "length " << length;
    data += static_cast<char>((length * 37 + 11) % 256);
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace dyngen::campaign
