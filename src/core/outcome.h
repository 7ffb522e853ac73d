#pragma once
// Game-agnostic result of a position: every game's status() returns this.
#include <string>

namespace oyin {

enum class Side : int { First = 0, Second = 1 };  // White/Black in Togyz & Tojmot, Black/White in Go
constexpr Side other(Side s) { return s == Side::First ? Side::Second : Side::First; }
constexpr int index(Side s) { return static_cast<int>(s); }

enum class Outcome { Ongoing, Win, Draw };

struct GameStatus {
  Outcome outcome = Outcome::Ongoing;
  Side winner = Side::First;  // meaningful only for Outcome::Win
  std::string reason;         // e.g. "kazan over 81", "atsyrau", "mate", "two passes"

  bool over() const { return outcome != Outcome::Ongoing; }
  static GameStatus ongoing() { return {}; }
  static GameStatus win(Side s, std::string why) { return {Outcome::Win, s, std::move(why)}; }
  static GameStatus draw(std::string why) { return {Outcome::Draw, Side::First, std::move(why)}; }
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
