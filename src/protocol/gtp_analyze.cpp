#include "protocol/gtp_analyze.h"

#include <atomic>
#include <cmath>
#include <istream>
#include <mutex>
#include <ostream>
#include <thread>

#include "core/text.h"
#include "search/capgo/lz_analyze.h"
#include "search/capgo/mcts_engine.h"

namespace oyin::protocol {

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
