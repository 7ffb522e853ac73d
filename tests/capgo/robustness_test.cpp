// Bad input never crashes: random GTP lines, mutated SGF files, position and rules texts.
// Each answer must be a well-formed GTP response or a Result error (run under SAN=1 as well).
#include <gtest/gtest.h>

#include "core/random.h"
#include "registry/registry.h"
#include "protocol/gtp.h"
#include "support/run_command.h"

namespace oyin::capgo {
namespace {

std::string mutate(std::string s, Rng& rng) {
  static const std::string alphabet = "();[]\\:ABWabcdtz019 \n-+=.,XO";
  const int edits = 1 + static_cast<int>(rng.below(4));
  for (int e = 0; e < edits && !s.empty(); ++e) {
    const std::size_t at = rng.below(static_cast<std::uint32_t>(s.size()));
    const char c = alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    switch (rng.below(3)) {
      case 0: s.erase(at, 1); break;
      case 1: s.insert(at, 1, c); break;
      default: s[at] = c;
    }
  }
  return s;
}

TEST(CaptureGoRobustness, RandomGtpLinesGetWellFormedAnswers) {
  auto e = protocol::GtpEngine::create({"size=5,target=2", 1, "0.1.0"});
  ASSERT_TRUE(e.ok());
  const char* commands[] = {"play", "genmove", "boardsize", "is_legal", "all_legal", "captures", "undo", "komi",
                            "known_command", "oyin-set_rules", "final_score", "loadsgf", "printsgf", "showboard",
                            "clear_board", "gogui-rules_legal_moves", "gogui-rules_board", "bogus", "7", "#"};
  const char* tokens[] = {"b", "w", "black", "white", "x", "A1", "e5", "T19", "Z0", "I3", "pass", "PASS", "resign",
                          "2", "19", "20", "-3", "99999999999999999999999", "1e3", "size=3", "target=0", "pass=0",
                          "setup=BA1", "size=2,setup=BA1+WA2+WB1", "", "\t", "\x01", "=", "?", "/nonexistent"};
  Rng rng(77);
  for (int i = 0; i < 20000; ++i) {
    std::string line = commands[rng.below(std::size(commands))];
    const int n = static_cast<int>(rng.below(4));
    for (int k = 0; k < n; ++k) line += std::string(" ") + tokens[rng.below(std::size(tokens))];
    const std::string r = e->handle_line(line);
    if (r.empty()) continue;  // comment-only line
    ASSERT_TRUE(r[0] == '=' || r[0] == '?') << line << " -> " << r;
    ASSERT_GE(r.size(), 3u);
    ASSERT_EQ(r.substr(r.size() - 2), "\n\n") << line;
    ASSERT_EQ(r.find("\n\n"), r.size() - 2) << "an empty line inside a response ends it early: " << line;
  }
}

TEST(CaptureGoRobustness, MutatedRecordsPositionsAndRules) {
  register_builtin_games();
  const GameAdapter& g = *find_game("capgo");
  const std::string dir = std::string(OYIN_SOURCE_DIR) + "/tests/capgo/data/";
  Rng rng(99);
  int read_ok = 0, read_bad = 0;
  for (const char* f : {"setup_ko_passes.sgf", "handicap_ordinary_go.sgf", "superko_violation.sgf"}) {
    const std::string text = oyin::testing::slurp(dir + f);
    for (int i = 0; i < 1500; ++i) {
      auto recs = g.read_records(mutate(text, rng));
      if (!recs) {
        EXPECT_FALSE(recs.error().empty());
        ++read_bad;
        continue;
      }
      ++read_ok;
      for (const auto& r : *recs) {
        auto st = g.new_game(r.tag("Rules"), r.tag("FEN"));
        if (!st) continue;
        for (const auto& m : r.moves)
          if (!(*st)->play(m)) break;
        (void)(*st)->check_recorded_result(r);
        (void)(*st)->write_record(r);
      }
    }
  }
  EXPECT_GT(read_ok, 100);
  EXPECT_GT(read_bad, 100);
  for (int i = 0; i < 5000; ++i) {
    const std::string rules = mutate("size=5,target_b=2,target_w=1,pass=0,setup=BC3+WC4", rng);
    const std::string pos = mutate("5 ..X../.XOX./.O.O./..O../..... b 1 0 0", rng);
    auto st = g.new_game(rules, pos);
    if (st) (void)(*st)->legal_moves();
    (void)g.perft(rules, pos, PerftOptions{2, 1, false}, nullptr);
  }
}

}  // namespace
}  // namespace oyin::capgo
