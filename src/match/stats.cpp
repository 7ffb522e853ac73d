#include "match/stats.h"

#include <cmath>

namespace oyin::match {

double elo_from_score(double s) { return -400.0 * std::log10(1.0 / s - 1.0); }
double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

namespace {

// Mean and per-pair variance of the per-game score (pair points / 2).
bool moments(const Pentanomial& p, double& mean, double& var) {
  const double n = static_cast<double>(p.pairs());
  if (n == 0) return false;
  mean = 0;
  for (int i = 0; i < 5; ++i) mean += static_cast<double>(p.n[i]) * (i / 4.0);
  mean /= n;
  var = 0;
  for (int i = 0; i < 5; ++i) var += static_cast<double>(p.n[i]) * (i / 4.0 - mean) * (i / 4.0 - mean);
  var /= n;
  return true;
}

}  // namespace

EloEstimate estimate_elo(const Pentanomial& p) {
  EloEstimate e;
  double mean = 0, var = 0;
  if (!moments(p, mean, var)) return e;
  e.score = mean;
  if (mean <= 0 || mean >= 1) return e;
  const double se = std::sqrt(var / static_cast<double>(p.pairs()));
  const double lo = std::max(1e-6, mean - 1.959964 * se), hi = std::min(1 - 1e-6, mean + 1.959964 * se);
  e.elo = elo_from_score(mean);
  e.error95 = (elo_from_score(hi) - elo_from_score(lo)) / 2;
  e.valid = true;
  return e;
}

SprtResult sprt(const Pentanomial& p, const SprtParams& params) {
  SprtResult r;
  r.lower = std::log(params.beta / (1 - params.alpha));
  r.upper = std::log((1 - params.beta) / params.alpha);
  if (p.pairs() == 0) return r;
  // Regularised with one pseudo-pair in every cell: a short run of identical pairs has no
  // variance and would otherwise decide at once; after a few hundred pairs it is negligible.
  Pentanomial q = p;
  for (auto& c : q.n) c += 1;
  double mean = 0, var = 0;
  moments(q, mean, var);
  const double s0 = score_from_elo(params.elo0), s1 = score_from_elo(params.elo1);
  r.llr = static_cast<double>(q.pairs()) * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
  if (r.llr >= r.upper) r.state = SprtState::AcceptH1;
  else if (r.llr <= r.lower) r.state = SprtState::AcceptH0;
  return r;
}

std::string sprt_state_text(SprtState s) {
  switch (s) {
    case SprtState::AcceptH1: return "H1 was accepted";
    case SprtState::AcceptH0: return "H0 was accepted";
    case SprtState::Continue: return "no decision yet";
  }
  return "";
}

}  // namespace oyin::match
