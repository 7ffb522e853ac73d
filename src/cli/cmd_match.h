#pragma once
// `oyin match` as a function, for the `oyin selfplay` alias.
#include <string>

#include "match/runner.h"
#include "search/engine.h"

namespace oyin::cli {

struct MatchArgs {
  std::string game, e1 = "builtin:level=" + std::to_string(kMaxLevel), e2 = "builtin:level=5", tc, openings, records, sprt;
  double timeout_s = 30;
  match::MatchOptions o;
  bool quiet = false;
};

// Plays the match, printing each game and the table; the exit code (UsageError on bad input).
int run_match_command(MatchArgs& args);

}  // namespace oyin::cli
