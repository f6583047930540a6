// LeakSanitizer (DYNGEN_SANITIZE=ON, the fuzz targets): CLN, under GiNaC, allocates a few bytes in
// its static initialisation that it never frees (26 bytes reported before main), and GiNaC's parser
// leaks an object of 40 bytes when an expression divides by zero ("2/0", thrown and caught as an
// invalid expression); neither is ours to fix. This hook (read by LSan only; inert in normal builds)
// suppresses exactly those two libraries.
#pragma once

extern "C" const char* __lsan_default_suppressions() { return "leak:libcln.so\nleak:libginac.so\n"; }
