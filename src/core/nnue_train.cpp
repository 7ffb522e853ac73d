#include "core/nnue_train.h"

#include <sys/stat.h>

#include "core/text.h"

namespace oyin::nnue::detail {

Result<SampleColumns> split_sample(std::string_view line) {
  std::string_view cols[4];
  int n = 0;
  while (n < 4) {
    const std::size_t tab = line.find('\t');
    cols[n++] = line.substr(0, tab);
    if (tab == std::string_view::npos) break;
    line.remove_prefix(tab + 1);
  }
  if (n != 4 || cols[3].find('\t') != std::string_view::npos)
    return make_error("expected 4 tab-separated columns: position, score, result, game");
  SampleColumns s;
  s.position = cols[0];
  const auto score = parse_int(cols[1]);
  if (!score || *score < -100000 || *score > 100000) return make_error("bad score '" + std::string(cols[1]) + "'");
  if (cols[2] == "1") s.result = 1;
  else if (cols[2] == "0.5") s.result = 0.5f;
  else if (cols[2] == "0") s.result = 0;
  else return make_error("bad result '" + std::string(cols[2]) + "' (1, 0.5 or 0 for the side to move)");
  const auto game = parse_int(cols[3]);
  if (!game || *game < 0 || *game > 0xFFFFFFFFLL) return make_error("bad game number '" + std::string(cols[3]) + "'");
  s.score = static_cast<float>(*score);
  s.game = static_cast<std::uint32_t>(*game);
  return s;
}

std::string regular_file_problem(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "cannot read '" + path + "': no such file";
  if (!S_ISREG(st.st_mode)) return "'" + path + "' is not a regular file";
  return "";
}

std::uint32_t first_game_of(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const auto n = parse_int(std::string_view(line).substr(line.rfind('\t') + 1));
    return n && *n >= 0 && *n <= 0xFFFFFFFFLL ? static_cast<std::uint32_t>(*n) : 0;
  }
  return 0;
}

bool held_out(std::uint64_t seed, std::uint32_t game, double share) {
  std::uint64_t h = seed ^ game;
  const double u = static_cast<double>(splitmix64(h) >> 11) * 0x1.0p-53;
  return u < share;
}

void adam_update(float* w, const float* g, float* m, float* v, std::size_t n, double lr, double c1, double c2,
                 float limit) {
  constexpr double b1 = 0.9, b2 = 0.999, eps = 1e-8;
  for (std::size_t i = 0; i < n; ++i) {
    m[i] = static_cast<float>(b1 * m[i] + (1 - b1) * g[i]);
    v[i] = static_cast<float>(b2 * v[i] + (1 - b2) * g[i] * g[i]);
    w[i] -= static_cast<float>(lr * (m[i] / c1) / (std::sqrt(v[i] / c2) + eps));
    if (limit > 0) w[i] = std::clamp(w[i], -limit, limit);
  }
}

}  // namespace oyin::nnue::detail
