#pragma once
// Record files written by the tests themselves: games played through the registry's rules and
// written in each game's own record format, so the importer reads what the game writes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

#include "core/random.h"
#include "registry/registry.h"
#include "support/test_store.h"

namespace oyin::testing {

using Tags = std::vector<std::pair<std::string, std::string>>;

// One game's record text: `moves` from the start of `rules`, with `tags`; `result` is written
// when the rules do not end the game.
inline std::string record_text(const std::string& game, const std::vector<std::string>& moves, Tags tags = {},
                               const std::string& result = "*", const std::string& rules = "") {
  register_builtin_games();
  const GameEntry* g = find_game(game);
  EXPECT_NE(g, nullptr) << game;
  auto st = g->new_game(rules, "");
  EXPECT_TRUE(st) << st.error();
  for (const auto& m : moves) {
    auto r = (*st)->play(m);
    EXPECT_TRUE(r) << m << ": " << r.error();
  }
  GameRecord meta;
  meta.tags = std::move(tags);
  meta.result = result;
  return (*st)->write_record(meta);
}

// The moves of a random game of `plies` plies (fewer if it ends), the same for the same seed.
inline std::vector<std::string> random_moves(const std::string& game, std::uint64_t seed, int plies) {
  register_builtin_games();
  auto st = find_game(game)->new_game("", "");
  Rng rng(seed);
  std::vector<std::string> out;
  for (int i = 0; i < plies && !(*st)->status().over(); ++i) {
    const std::string m = (*st)->random_move(rng);
    out.push_back(*(*st)->play(m));
  }
  return out;
}

// A fresh folder for one test.
inline std::string test_dir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::string dir = ::testing::TempDir() + "oyin_knowledge_" + std::to_string(getpid()) + "/" +
                          info->test_suite_name() + "." + info->name();
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

}  // namespace oyin::testing
