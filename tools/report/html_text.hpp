// Text put into an HTML page: escaped markup, JSON and scripts made safe inside <script>, numbers
// formatted for people.
#pragma once

#include <string>
#include <string_view>

namespace dyngen::report {

// `&`, `<`, `>`, `"` and `'` as character references: safe in text and in quoted attributes.
std::string escape_html(std::string_view text);

// JSON text for a <script type="application/json"> block: every `<` written as \u003c (JSON allows
// `<` only inside strings, where the escape means the same), so no `</script>` or `<!--` can end or
// confuse the block.
std::string json_for_script(std::string_view json);

// Script text for a <script> block: `</script` written as `<\/script`, which means the same inside
// the strings, regular expressions and comments where it can occur in a script.
std::string script_for_html(std::string_view script);

// `value` to `significant` digits without trailing zeros (printf %g), `nan`/`inf` as printed.
std::string format_number(double value, int significant = 6);

}  // namespace dyngen::report
