#pragma once
// Tests that read ../shared/data say loudly when it is absent and skip.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <string>

namespace oyin::testing {

inline std::string shared_path(const std::string& rel) { return std::string(OYIN_SHARED_DIR) + "/" + rel; }

#define OYIN_REQUIRE_SHARED(rel)                                                                   \
  do {                                                                                             \
    if (!std::filesystem::exists(::oyin::testing::shared_path(rel))) {                             \
      std::cerr << "\n*** SKIPPED: " << ::oyin::testing::shared_path(rel)                           \
                << " is absent (../shared not beside the checkout) ***\n";                         \
      GTEST_SKIP() << "../shared is absent: " << rel;                                             \
    }                                                                                              \
  } while (0)

}  // namespace oyin::testing
