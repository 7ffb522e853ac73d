#include "server/ratings/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace oyin::ratings {

namespace {

constexpr double kScale = 173.7178;  // Glicko-2's scale: 400 / ln 10
constexpr double kCentre = 1500;

double g(double phi) { return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

double expected(double mu, double mu_j, double phi_j) { return 1 / (1 + std::exp(-g(phi_j) * (mu - mu_j))); }

// Step 5 of the paper: the new volatility, by the Illinois variant of regula falsi on f.
double new_volatility(double sigma, double phi, double v, double delta, const Glicko2Options& opt) {
  const double a = std::log(sigma * sigma);
  const double tau2 = opt.tau * opt.tau;
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / tau2;
  };
  double A = a, B;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * opt.tau) < 0) ++k;
    B = a - k * opt.tau;
  }
  double fA = f(A), fB = f(B);
  for (int i = 0; i < 1000 && std::abs(B - A) > opt.epsilon; ++i) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2);
}

}  // namespace

Rating update(const Rating& player, std::span<const Result> results, const Glicko2Options& opt) {
  const double mu = (player.rating - kCentre) / kScale;
  const double phi = player.deviation / kScale;
  const double sigma = player.volatility;
  const double max_phi = opt.max_deviation / kScale;
  if (results.empty())
    return {player.rating, std::min(std::sqrt(phi * phi + sigma * sigma), max_phi) * kScale, sigma};
  double v_inv = 0, sum = 0;
  for (const Result& r : results) {
    const double mu_j = (r.opponent.rating - kCentre) / kScale;
    const double phi_j = r.opponent.deviation / kScale;
    const double e = expected(mu, mu_j, phi_j);
    v_inv += g(phi_j) * g(phi_j) * e * (1 - e);
    sum += g(phi_j) * (r.score - e);
  }
  const double v = 1 / v_inv;
  const double delta = v * sum;
  const double sigma2 = new_volatility(sigma, phi, v, delta, opt);
  const double phi_star = std::sqrt(phi * phi + sigma2 * sigma2);
  const double phi2 = std::min(1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v), max_phi);
  const double mu2 = mu + phi2 * phi2 * sum;
  return {mu2 * kScale + kCentre, phi2 * kScale, sigma2};
}

}  // namespace oyin::ratings
