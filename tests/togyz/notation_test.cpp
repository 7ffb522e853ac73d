// Moves, FEN and PGN as ../shared/rules/togyz-kumalak.md, section "Notation", defines them.
#include <gtest/gtest.h>

#include "core/pgn.h"
#include "games/togyz/game.h"
#include "togyz/position_builder.h"

namespace oyin::togyz {
namespace {

TEST(TogyzNotation, MoveTextHasFromAndLandingPits) {
  const Position p = start_position();
  MoveList list;
  generate_moves(p, list);
  std::vector<std::string> texts;
  for (Move m : list) texts.push_back(move_to_text(p, m));
  EXPECT_EQ(texts, (std::vector<std::string>{"19", "21", "32", "43", "54", "65", "76", "87", "98"}));
}

TEST(TogyzNotation, ParsesBareDigitFullMoveAndAnnotations) {
  const Position p = start_position();
  for (const char* ok : {"6", "65", "65(10)", " 65 "}) {
    auto m = parse_move(p, ok);
    ASSERT_TRUE(m.ok()) << ok << ": " << m.error();
    EXPECT_EQ(m->pit, 5);
  }
}

TEST(TogyzNotation, RejectsWrongOrGarbledMovesWithTheReason) {
  const Position p = start_position();
  const std::pair<const char*, const char*> cases[] = {
      {"", "empty move"},
      {"0", "expected a pit number 1..9 first"},
      {"a5", "expected a pit number 1..9 first"},
      {"66", "the last stone lands in pit 5, not 6"},
      {"65x", "it does not make a tuzdyk"},
      {"65(11)", "kazan total after it is 10, not 11"},
      {"65(10", "unclosed '('"},
      {"65()", "expected a kazan total in brackets"},
      {"65zz", "unexpected 'zz'"},
      {"60", "pit numbers are 1..9"},
  };
  for (const auto& [text, why] : cases) {
    auto m = parse_move(p, text);
    ASSERT_FALSE(m.ok()) << text;
    EXPECT_NE(m.error().find(why), std::string::npos) << text << " -> " << m.error();
  }
  Position q = *parse_fen("9/1S,8 81 80 S 60");
  auto e = parse_move(q, "5");
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().find("pit 5 is empty"), std::string::npos) << e.error();
}

TEST(TogyzNotation, FenOfTheStartAndAfterTheFirstMove) {
  EXPECT_EQ(to_fen(start_position()), "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1");
  Position p = start_position();
  make_move<true>(p, *parse_move(p, "65"));
  EXPECT_EQ(to_fen(p), "9S,9S,9S,9S,1,10S,10S,10S,10S/9S,9S,9S,9S,9S,1S,10S,10S,10S 10 0 N 1");
  make_move<true>(p, *parse_move(p, "1"));
  EXPECT_EQ(p.move_number, 2) << "the move number grows after Black's move";
}

TEST(TogyzNotation, FenRoundTripsWithTuzdyksAndRuns) {
  for (const char* fen : {"3S,2,t,2S,1S,1S,2/2,1S,1,t,3,2S 77 75 N 40",
                          "1S,1,2S,2,t,1S,1,1S/1S,5,2S,t,1S 79 74 N 40", "9/9 81 81 S 50"}) {
    auto p = parse_fen(fen);
    ASSERT_TRUE(p.ok()) << fen << ": " << p.error();
    EXPECT_EQ(to_fen(*p), fen);
  }
  auto a = parse_fen("3S,2,t,2S,1S,1S,2/2,1S,1,t,3,2S 77 75 N 40");
  EXPECT_EQ(a->tuzdyk[0], 9 + 5) << "the t on Black's row is White's, Black's pit 6";
  EXPECT_EQ(a->tuzdyk[1], 4) << "the t on White's row is Black's, White's pit 5";
}

TEST(TogyzNotation, BadAndImpossibleFensNameTheProblem) {
  const std::pair<const char*, const char*> cases[] = {
      {"", "expected 5 fields"},
      {"9S,9S/9S 0 0 S 1", "has 2 pits, not 9"},
      {"9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1", "expected two rows separated by '/'"},
      {"9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1", "more than 9 pits"},
      {"9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,8S 0 0 S 1", "161 stones instead of 162"},
      {"9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 X 1", "side to move must be S"},
      {"9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 0", "bad move number"},
      {"9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S -1 0 S 1", "bad white kazan"},
      {"9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9Q,9S,9S,9S,9S 0 0 S 1", "bad entry '9Q'"},
      {"t,t,7/9 81 81 S 1", "two tuzdyks for White"},
      {"t,8/9 81 81 S 1", "a tuzdyk on pit 9"},
      {"8,t/t,8 81 81 S 1", "both tuzdyks have the number 1"},
      {"9S,,9S/9 0 0 S 1", "empty entry"},
  };
  for (const auto& [fen, why] : cases) {
    auto p = parse_fen(fen);
    ASSERT_FALSE(p.ok()) << fen;
    EXPECT_NE(p.error().find(why), std::string::npos) << fen << " -> " << p.error();
  }
}

TEST(TogyzNotation, RecordNotationMarksCapturesAndTuzdyks) {
  Position p = start_position();
  EXPECT_EQ(record_move_text(p, *parse_move(p, "6")), "65(10)");
  EXPECT_EQ(record_move_text(p, *parse_move(p, "1")), "19") << "lands on its own side: no capture";
}

TEST(TogyzPgn, ReadsPlayOkStyleRecords) {
  const char* text =
      "[Event \"?\"]\n[Site \"PlayOK\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n"
      "1. 65(10) 98 2. 55 56 {a comment} 3. 11(22) 45X 1-0\n\n"
      "[Event \"second\"]\n[Result \"*\"]\n\n1. 76 *\n";
  auto games = read_pgn(text);
  ASSERT_TRUE(games.ok()) << games.error();
  ASSERT_EQ(games->size(), 2u);
  const GameRecord& g = (*games)[0];
  EXPECT_EQ(g.tag("Site"), "PlayOK");
  EXPECT_EQ(g.result, "1-0");
  EXPECT_EQ(g.moves, (std::vector<std::string>{"65(10)", "98", "55", "56", "11(22)", "45X"}));
  EXPECT_EQ((*games)[1].line, 9);
  // Every annotation is checked when the moves are played.
  Position p = start_position();
  for (const auto& m : g.moves) {
    auto mv = parse_move(p, m);
    ASSERT_TRUE(mv.ok()) << m << ": " << mv.error();
    make_move<true>(p, *mv);
  }
  EXPECT_EQ(p.kazan[0], 22);
  EXPECT_GE(p.tuzdyk[1], 0);
}

TEST(TogyzPgn, BrokenRecordsAreErrorsWithTheirPlace) {
  const std::pair<const char*, const char*> cases[] = {
      {"[Event \"x\"\n\n1. 76 *\n", "tag line must end with ']'"},
      {"[Event x]\n\n1. 76 *\n", "expected [Name \"value\"]"},
      {"[Event \"x\"]\n\n1. 76 {never closed\n", "unclosed comment"},
      {"[Event \"x\"]\n\n1. 76 98\n", "game without a result"},
      {"1. 76 (1... 98) *\n", "variations"},
  };
  for (const auto& [text, why] : cases) {
    auto r = read_pgn(text);
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_NE(r.error().find(why), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("game 1"), std::string::npos) << r.error();
  }
}

TEST(TogyzPgn, WriteThenReadGivesTheSameGame) {
  GameRecord r;
  r.tags = {{"Event", "test"}, {"White", "w"}, {"Black", "b"}};
  r.moves = {"98", "22", "87", "12", "76", "25", "65", "13", "93", "25", "54"};
  Position p = start_position();
  std::vector<std::string> recorded;
  for (const auto& m : r.moves) {
    const Move mv = *parse_move(p, m);
    recorded.push_back(record_move_text(p, mv));
    make_move<true>(p, mv);
  }
  r.moves = recorded;
  r.result = "1-0";
  const std::string text = write_pgn(r, start_position());
  EXPECT_NE(text.find("[Event \"test\"]\n[Site \"?\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("[Result \"1-0\"]\n\n1. 98(10) 22(10) 2. 87(22) 12 3. 76(36) 25 4. 65(52) 13 5. 93(70) 25 "
                      "6. 54(88)\n1-0\n"),
            std::string::npos)
      << text;
  auto back = read_pgn(text);
  ASSERT_TRUE(back.ok()) << back.error();
  ASSERT_EQ(back->size(), 1u);
  EXPECT_EQ((*back)[0].moves, recorded);
  EXPECT_EQ((*back)[0].result, "1-0");
}

TEST(TogyzPgn, SetUpGamesCarryTheirFen) {
  const Position start = *parse_fen("3S,2,t,2S,1S,1S,2/2,1S,1,t,3,2S 77 75 N 40");
  GameRecord r;
  r.moves = {"98"};
  const std::string text = write_pgn(r, start);
  EXPECT_NE(text.find("[FEN \"3S,2,t,2S,1S,1S,2/2,1S,1,t,3,2S 77 75 N 40\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("40... 98"), std::string::npos) << text;
}

}  // namespace
}  // namespace oyin::togyz
