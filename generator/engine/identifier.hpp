// Names from model files never reach emitted code verbatim: identifiers are validated and, when
// they are not plain C++ identifiers, mangled injectively; free text in comments is escaped.
#pragma once

#include <string>
#include <string_view>

namespace dyngen::engine {

// A name usable as a C++ identifier as is: [A-Za-z][A-Za-z0-9_]*, no "__", not ending in '_',
// not a keyword, and not beginning with the mangling prefix "m_".
bool is_plain_identifier(std::string_view name);

// C++ keywords and alternative tokens (the model loader refuses them as names, too).
bool is_cpp_keyword(std::string_view word);

// `name` itself when it is plain; otherwise "m_" followed by the hex digits of the name's bytes.
// Distinct names give distinct identifiers. Model names are validated on load, so mangling is
// the last line of defence, not the usual path.
std::string mangle_identifier(std::string_view name);

// Text safe inside a // comment: printable ASCII kept, anything else (newlines, backslashes that
// would splice lines, control bytes) written as \xHH.
std::string comment_text(std::string_view text);

}  // namespace dyngen::engine
