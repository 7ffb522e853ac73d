#pragma once
// Match statistics as the long-running chess testing frameworks compute them: games are played
// in pairs (one opening, colours swapped) and counted by the pentanomial pair score, which
// gives honest error bars when openings are unbalanced; Elo is the logistic Elo.
#include <array>
#include <cstdint>
#include <string>

namespace oyin::match {

struct Pentanomial {
  // counts of pair scores 0, 0.5, 1, 1.5, 2 (engine 1's points in the two games of a pair)
  std::array<std::uint64_t, 5> n{};
  std::uint64_t pairs() const { return n[0] + n[1] + n[2] + n[3] + n[4]; }
  void add_pair(double points) { ++n[static_cast<int>(points * 2 + 0.5)]; }
};

struct EloEstimate {
  double score = 0.5;  // engine 1's mean score per game
  double elo = 0;
  double error95 = 0;  // half-width of the 95% interval, in Elo
  bool valid = false;  // false with no pairs or a 0% / 100% score
};

double elo_from_score(double s);
double score_from_elo(double elo);
EloEstimate estimate_elo(const Pentanomial& p);

enum class SprtState { Continue, AcceptH0, AcceptH1 };

struct SprtParams {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
};

struct SprtResult {
  double llr = 0, lower = 0, upper = 0;
  SprtState state = SprtState::Continue;
};

// Generalised SPRT on the pentanomial counts (normal approximation of the pair-score
// distribution): LLR = N (s1 - s0)(2 mean - s0 - s1) / (2 var), bounds ln(beta/(1-alpha)) and
// ln((1-beta)/alpha); s0, s1 are the expected scores at elo0, elo1. The counts get one
// pseudo-pair per cell first (see stats.cpp).
SprtResult sprt(const Pentanomial& p, const SprtParams& params);

std::string sprt_state_text(SprtState s);

}  // namespace oyin::match
