#pragma once
// A Tojmot position of a test from its text (default rules); a text the rules refuse fails the
// test and gives the start position, so the test goes on to report what else is wrong.
#include <gtest/gtest.h>

#include <string>

#include "games/tojmot/game.h"

namespace oyin::tojmot {

inline Position pos(const std::string& text) {
  auto p = parse_position(text, Rules{});
  EXPECT_TRUE(p.ok()) << text << ": " << (p.ok() ? "" : p.error());
  return p.ok() ? *p : start_position();
}

}  // namespace oyin::tojmot
