#pragma once
// Game-agnostic result of a position: every game's status() returns this.
#include <string>
#include <string_view>

namespace oyin {

enum class Side : int { First = 0, Second = 1 };  // White/Black in Togyz & Tojmot, Black/White in Go
constexpr Side other(Side s) { return s == Side::First ? Side::Second : Side::First; }
constexpr int index(Side s) { return static_cast<int>(s); }

enum class Outcome { Ongoing, Win, Draw };

// How a game ended. `code` is a stable name for the reason (front ends translate it, with `args`
// as its numbers); `reason` is the same in English words for terminals and records.
// Codes in use: togyz "kazan" (kazans), "atsyrau" (final kazans); tojmot "mate", "stalemate",
// "bare_ones", "threefold", "fifty_move"; capgo "target" (captures, target), "count" (captures of
// black, white), "no_legal_move", "resign".
struct GameStatus {
  Outcome outcome = Outcome::Ongoing;
  Side winner = Side::First;  // meaningful only for Outcome::Win
  std::string reason;         // e.g. "kazan over 81", "atsyrau", "mate", "two passes"
  std::string_view code;      // e.g. "kazan", "atsyrau", "mate", "count"
  int args[2] = {0, 0};

  bool over() const { return outcome != Outcome::Ongoing; }
  static GameStatus ongoing() { return {}; }
  static GameStatus win(Side s, std::string why, std::string_view code = {}, int a = 0, int b = 0) {
    return {Outcome::Win, s, std::move(why), code, {a, b}};
  }
  static GameStatus draw(std::string why, std::string_view code = {}, int a = 0, int b = 0) {
    return {Outcome::Draw, Side::First, std::move(why), code, {a, b}};
  }
};

// PGN-style result text: "1-0" when the first player won, "0-1", "1/2-1/2", "*" while ongoing.
inline std::string result_text(const GameStatus& st) {
  switch (st.outcome) {
    case Outcome::Ongoing: return "*";
    case Outcome::Draw: return "1/2-1/2";
    case Outcome::Win: return st.winner == Side::First ? "1-0" : "0-1";
  }
  return "*";
}

}  // namespace oyin
