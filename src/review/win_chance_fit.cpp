#include "review/win_chance_fit.h"

#include <algorithm>
#include <cmath>

namespace oyin::review {

namespace {

double mean_log_loss(const std::vector<ScoredResult>& data, double scale) {
  double sum = 0;
  for (const auto& d : data) {
    const double p = std::clamp(1 / (1 + std::exp(-d.score / scale)), 1e-9, 1 - 1e-9);
    sum -= d.result * std::log(p) + (1 - d.result) * std::log(1 - p);
  }
  return data.empty() ? 0 : sum / static_cast<double>(data.size());
}

}  // namespace

WinChanceFit fit_win_chance(const std::vector<ScoredResult>& all, int max_score) {
  std::vector<ScoredResult> data;
  for (const auto& d : all)
    if (std::abs(d.score) < max_score) data.push_back(d);
  WinChanceFit fit;
  fit.samples = data.size();
  if (data.empty()) return fit;
  // The loss is unimodal in log(scale): golden-section search between 1 and 100,000 centi-units.
  double lo = std::log(1.0), hi = std::log(100000.0);
  const double phi = (std::sqrt(5.0) - 1) / 2;
  double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
  double fa = mean_log_loss(data, std::exp(a)), fb = mean_log_loss(data, std::exp(b));
  for (int i = 0; i < 80; ++i) {
    if (fa < fb) {
      hi = b, b = a, fb = fa;
      a = hi - phi * (hi - lo);
      fa = mean_log_loss(data, std::exp(a));
    } else {
      lo = a, a = b, fa = fb;
      b = lo + phi * (hi - lo);
      fb = mean_log_loss(data, std::exp(b));
    }
  }
  fit.scale = std::exp((lo + hi) / 2);
  fit.log_loss = mean_log_loss(data, fit.scale);
  fit.base_log_loss = std::log(2.0);
  // Calibration in bands of half the scale, out to two scales each way.
  const int step = std::max(1, static_cast<int>(std::lround(fit.scale / 2)));
  for (int from = -4 * step; from < 4 * step; from += step) {
    WinChanceFit::Band band{from, from + step, 0, 0, 0};
    for (const auto& d : data)
      if (d.score >= band.from && d.score < band.to) {
        ++band.count;
        band.predicted += 1 / (1 + std::exp(-d.score / fit.scale));
        band.observed += d.result;
      }
    if (band.count == 0) continue;
    band.predicted /= static_cast<double>(band.count);
    band.observed /= static_cast<double>(band.count);
    fit.bands.push_back(band);
  }
  return fit;
}

}  // namespace oyin::review
