#include "cli/progress.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>

namespace oyin::cli {

namespace {
constexpr int kBarWidth = 24;
constexpr int kSteps = 20;                  // plain lines at every twentieth of the work
constexpr double kPlainEvery = 60.0;        // and at least this often (seconds)
constexpr double kRedrawEvery = 0.2;        // terminal redraws at most this often
}  // namespace

Progress::Progress(std::string label, bool quiet)
    : label_(std::move(label)), quiet_(quiet), tty_(isatty(STDERR_FILENO) == 1), start_(Clock::now()), last_draw_(start_) {}

double Progress::elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

std::string Progress::duration_text(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  char buf[40];
  if (s < 60) std::snprintf(buf, sizeof buf, "%lds", s);
  else if (s < 3600) std::snprintf(buf, sizeof buf, "%ldm %02lds", s / 60, s % 60);
  else std::snprintf(buf, sizeof buf, "%ldh %02ldm", s / 3600, s / 60 % 60);
  return buf;
}

void Progress::update(double done, double total, const std::string& detail, bool last) {
  if (quiet_) return;
  const auto now = Clock::now();
  const double secs = elapsed(), since = std::chrono::duration<double>(now - last_draw_).count();
  const double frac = total > 0 ? std::clamp(done / total, 0.0, 1.0) : 1.0;
  std::string eta;
  if (!last) eta = done > 0 ? ", ETA " + duration_text(secs * (total - done) / done) : ", ETA ?";
  if (tty_) {
    if (!last && since < kRedrawEvery && drawn_) return;
    const int fill = static_cast<int>(frac * kBarWidth);
    const std::string bar = std::string(static_cast<std::size_t>(fill), '#') + std::string(static_cast<std::size_t>(kBarWidth - fill), '.');
    std::fprintf(stderr, "\r%s [%s] %s, %s%s\033[K", label_.c_str(), bar.c_str(), detail.c_str(), duration_text(secs).c_str(),
                 eta.c_str());
    drawn_ = true;
    if (last) std::fputc('\n', stderr), drawn_ = false;
  } else {
    const bool step = frac * kSteps >= next_step_;
    if (!last && !step && since < kPlainEvery && begun_) return;
    begun_ = true;
    while (next_step_ <= kSteps && frac * kSteps >= next_step_) ++next_step_;
    std::fprintf(stderr, "%s: %s, %.1f s%s\n", label_.c_str(), detail.c_str(), secs, eta.c_str());
  }
  std::fflush(stderr);
  last_draw_ = now;
}

void Progress::clear() {
  if (!tty_ || !drawn_) return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace oyin::cli
