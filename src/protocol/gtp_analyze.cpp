#include "protocol/gtp_analyze.h"

#include <atomic>
#include <cmath>
#include <istream>
#include <mutex>
#include <ostream>
#include <thread>

#include "core/text.h"
#include "search/capgo/mcts_engine.h"

namespace oyin::protocol {

std::string lz_analyze_text(const CapgoAnalysis& a, int max_moves) {
  std::string out;
  int order = 0;
  for (const auto& m : a.moves) {
    if (order >= max_moves) break;
    if (m.visits == 0 && m.proof == Proof::Unknown) continue;
    if (!out.empty()) out += ' ';
    out += "info move " + m.text + " visits " + std::to_string(m.visits) + " winrate " +
           std::to_string(static_cast<int>(std::lround(m.winrate * 10000))) + " prior " +
           std::to_string(static_cast<int>(std::lround(m.prior * 10000))) + " order " + std::to_string(order++) + " pv";
    for (const auto& p : m.pv) out += " " + p;
  }
  return out;
}


bool run_lz_analyze(const capgo::Position& pos, int threads, std::string& line, std::istream& in, std::ostream& out) {
  auto words = split_ws(line);
  std::string id;
  if (!words.empty() && !words[0].empty() && std::isdigit(static_cast<unsigned char>(words[0][0]))) {
    id = std::string(words[0]);
    words.erase(words.begin());
  }
  if (words.empty() || words[0] != "lz-analyze") return false;
  int interval_cs = 100;
  for (std::size_t i = 1; i < words.size(); ++i)
    if (auto n = parse_int(words[i]); n && *n > 0) interval_cs = static_cast<int>(std::min<long long>(*n, 100000));
  std::mutex mu;
  out << "=" << id << "\n" << std::flush;
  std::atomic<bool> stop{false};
  std::thread worker;
  if (!capgo::is_over(pos)) {
    worker = std::thread([&] {
      CapgoMcts mcts;
      CapgoSearchOptions o;
      o.playouts = 0;  // until the next command
      o.threads = threads;
      o.stop = &stop;
      o.report_ms = std::max(10, interval_cs * 10);
      o.on_report = [&](const CapgoAnalysis& a) {
        const std::string text = lz_analyze_text(a, 10);
        std::lock_guard<std::mutex> lock(mu);
        if (!text.empty() && !stop.load()) out << text << "\n" << std::flush;
      };
      mcts.search(pos, o);
    });
  }
  std::string next;
  if (!std::getline(in, next)) next.clear();
  stop = true;
  if (worker.joinable()) worker.join();
  {
    std::lock_guard<std::mutex> lock(mu);
    out << "\n" << std::flush;
  }
  line = next;
  return true;
}

}  // namespace oyin::protocol
