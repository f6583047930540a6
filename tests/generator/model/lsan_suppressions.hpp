// LeakSanitizer (DYNGEN_SANITIZE=ON): CLN, under GiNaC, allocates a few bytes in its static
// initialisation that it never frees (26 bytes reported before main); that is not ours to fix.
// This hook (read by LSan only; inert in normal builds) suppresses exactly that library.
#pragma once

extern "C" const char* __lsan_default_suppressions() { return "leak:libcln.so\n"; }
