#pragma once
// A failed property in a harness: print what and where, then abort so libFuzzer saves the input.
#include <cstdio>
#include <cstdlib>
#include <string>

#define FUZZ_CHECK(cond, what)                                                                      \
  do {                                                                                              \
    if (!(cond)) {                                                                                  \
      std::fprintf(stderr, "FUZZ_CHECK failed at %s:%d: %s\n  %s\n", __FILE__, __LINE__, #cond,     \
                   std::string(what).c_str());                                                      \
      std::abort();                                                                                 \
    }                                                                                               \
  } while (0)
