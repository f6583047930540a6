// SHA-256 of a text, the fingerprint under which a store remembers its scenario (the same digits
// `sha256sum` prints for the scenario file).
#pragma once

#include <string>
#include <string_view>

namespace dyngen::campaign {

// FIPS 180-4 (2015), sec. 6.2: the digest of `data` as 64 lowercase hexadecimal digits.
std::string sha256_hex(std::string_view data);

}  // namespace dyngen::campaign
