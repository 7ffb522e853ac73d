#include "protocol/uci.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <optional>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "core/text.h"
#include "registry/registry.h"
#include "registry/bench.h"
#include "search/engine.h"
#include "search/tt.h"

namespace oyin::protocol {

namespace {

// The games this front end speaks: every registered game whose protocol is UCI, in order.
std::vector<const GameEntry*> uci_games() {
  std::vector<const GameEntry*> out;
  for (const GameEntry* g : all_games())
    if (g->protocol() == Protocol::Uci) out.push_back(g);
  return out;
}

std::string variant_names(const char* sep) {
  std::string out;
  for (const GameEntry* g : uci_games()) out += (out.empty() ? "" : sep) + g->uci_variant();
  return out;
}

std::string format_info(const SearchInfo& i) {
  std::ostringstream s;
  s << "info depth " << i.depth << " seldepth " << i.seldepth << " multipv " << i.multipv << " score ";
  if (i.is_mate) s << "mate " << i.mate_in;
  else s << "cp " << i.score_cp;
  const std::uint64_t nps = i.time_ms > 0 ? i.nodes * 1000 / static_cast<std::uint64_t>(i.time_ms) : i.nodes * 1000;
  s << " nodes " << i.nodes << " nps " << nps << " time " << i.time_ms << " pv";
  for (const auto& m : i.pv) s << " " << m;
  return s.str();
}

// The caps of a bounded session (UciOptions::bounded).
constexpr std::uint64_t kBoundedNodes = 64;
constexpr int kBoundedPerftDepth = 2;
constexpr int kBoundedThreads = 1;
constexpr int kMaxBenchDepth = 30;

}  // namespace

class UciSession {
 public:
  explicit UciSession(std::ostream& out, UciOptions options = {}) : out_(out), options_(options) {
    if (!uci_games().empty()) select_variant(uci_games().front()->uci_variant(), false);
  }
  ~UciSession() {
    stop_.store(true);
    wait_search();
  }

  // Safe from another thread: "stop" or "quit" was read and waits in the queue. It ends the
  // running search or perft now, and any started before the queue reaches it: each of those
  // comes before it in the input. Otherwise a command queued ahead of it ("position" after
  // "go infinite") would wait for a search that only it can end.
  void interrupt() {
    std::lock_guard<std::mutex> lock(stop_mutex_);
    ++pending_stops_;
    stop_.store(true);
  }
  // Safe from another thread: no more input will come, so an infinite search (running or still
  // queued) would never end; stop it. A bounded search may finish (transcripts rely on it).
  void end_of_input() {
    input_ended_.store(true);
    if (infinite_.load()) stop_.store(true);
  }

  // Returns false on "quit".
  bool handle(const std::string& line) {
    const auto words = split_ws(line);
    if (words.empty()) return true;
    const std::string cmd(words[0]);
    if (cmd == "quit") {
      stop_search();
      return false;
    }
    if (cmd == "stop") {
      {
        std::lock_guard<std::mutex> lock(stop_mutex_);
        if (pending_stops_ > 0) --pending_stops_;
      }
      stop_search();
    } else if (cmd == "isready") {
      say("readyok");
    } else if (cmd == "uci") {
      say("id name oyin");
      say("id author the oyin developers");
      say("option name UCI_Variant type combo default " + (game_ ? game_->uci_variant() : std::string()) + " var " +
          variant_names(" var "));
      say("option name Hash type spin default 16 min 1 max " + std::to_string(search::kMaxHashMb));
      say("option name Threads type spin default 1 min 1 max 64");
      say("option name MultiPV type spin default 1 min 1 max 9");
      say("option name Skill Level type spin default " + std::to_string(kMaxLevel) + " min " + std::to_string(kMinLevel) +
          " max " + std::to_string(kMaxLevel));
      say("option name EvalParams type string default <empty>");
      // The current variant's engine may have its own defaults (Togyz: the built-in net, on).
      auto dflt = [&](std::string_view opt, std::string fallback) {
        auto d = engine_ ? engine_->option_default(opt) : std::nullopt;
        return d ? *d : fallback;
      };
      say("option name EvalFile type string default " + dflt("EvalFile", "<empty>"));
      say("option name UseNNUE type check default " + dflt("UseNNUE", "false"));
      say("option name OwnBook type check default false");
      say("option name BookFile type string default <default>");
      say("uciok");
    } else if (cmd == "ucinewgame") {
      wait_search();
      engine_->new_game();
      set_position("", {});
    } else if (cmd == "setoption") {
      wait_search();
      setoption(line);
    } else if (cmd == "position") {
      wait_search();
      position(words);
    } else if (cmd == "go") {
      wait_search();
      go(words);
    } else if (cmd == "d") {
      wait_search();
      std::string board = state_->render(false);
      say(board + (board.empty() || board.back() == '\n' ? "" : "\n") + "Fen: " + state_->position_text() +
          "\nKey: " + std::to_string(state_->hash()));
    } else if (cmd == "bench") {
      wait_search();
      if (options_.bounded) return say("info string error: bench is not available in this session"), true;
      const auto asked = words.size() > 1 ? parse_int(words[1]) : std::optional<std::int64_t>(kBenchDepth);
      if (!asked || *asked < 1 || *asked > kMaxBenchDepth)
        return say("info string error: bench depth must be 1.." + std::to_string(kMaxBenchDepth)), true;
      const int depth = static_cast<int>(*asked);
      const auto t = run_bench(depth, 16, [&](const BenchLine& l) {
        say("info string bench " + l.game + " " + l.position + " bestmove " + l.best_move + " nodes " + std::to_string(l.nodes));
      });
      say("Nodes searched: " + std::to_string(t.nodes));
      say("Nodes/second: " + std::to_string(t.time_ms > 0 ? t.nodes * 1000 / static_cast<std::uint64_t>(t.time_ms) : t.nodes));
    } else {
      say("info string unknown command '" + cmd + "'");
    }
    return true;
  }

  void wait_search() {
    if (thread_.joinable()) thread_.join();
  }
  // End of input: a bounded search may finish (transcripts rely on it), an infinite one stops.
  void finish() {
    if (infinite_) stop_.store(true);
    wait_search();
  }

 private:
  void say(const std::string& s) {
    std::lock_guard<std::mutex> lock(out_mutex_);
    out_ << s << "\n" << std::flush;
  }
  void stop_search() {
    stop_.store(true);
    wait_search();
  }

  bool select_variant(std::string_view name, bool announce) {
    const GameEntry* g = find_uci_variant(name);
    if (!g) {
      say("info string unknown variant '" + std::string(name) + "' (known: " + variant_names(", ") + ")");
      return false;
    }
    game_ = g;
    engine_ = g->make_engine();
    if (options_.bounded) (void)engine_->set_option("MinimalTable", "1");
    for (const auto& [k, val] : engine_options_) (void)engine_->set_option(k, val);
    set_position("", {});
    if (announce) say("info string variant " + g->uci_variant() + " startpos " + state_->position_text());
    return true;
  }

  bool set_position(const std::string& fen, const std::vector<std::string>& moves) {
    auto st = game_->new_game("", fen);
    if (!st) {
      say("info string error: " + st.error());
      return false;
    }
    std::unique_ptr<GameState> s = std::move(*st);
    for (const auto& m : moves) {
      auto r = s->play(m);
      if (!r) {
        say("info string error: move '" + m + "': " + r.error());
        return false;
      }
    }
    state_ = std::move(s);
    return true;
  }

  void position(const std::vector<std::string_view>& w) {
    std::size_t i = 1;
    std::string fen;
    if (i < w.size() && w[i] == "startpos") {
      ++i;
    } else if (i < w.size() && w[i] == "fen") {
      for (++i; i < w.size() && w[i] != "moves"; ++i) {
        if (!fen.empty()) fen += ' ';
        fen += w[i];
      }
      if (fen.empty()) return say("info string error: 'position fen' needs a position");
    } else {
      return say("info string error: expected 'position startpos' or 'position fen <fen>'");
    }
    std::vector<std::string> moves;
    if (i < w.size()) {
      if (w[i] != "moves") return say("info string error: expected 'moves', got '" + std::string(w[i]) + "'");
      for (++i; i < w.size(); ++i) moves.emplace_back(w[i]);
    }
    set_position(fen, moves);
  }

  void setoption(const std::string& line) {
    // setoption name <id...> [value <x...>]
    const auto words = split_ws(line);
    std::string name, value;
    bool in_value = false;
    for (std::size_t i = 1; i < words.size(); ++i) {
      if (i == 1 && words[i] == "name") continue;
      if (!in_value && words[i] == "value") {
        in_value = true;
        continue;
      }
      std::string& t = in_value ? value : name;
      if (!t.empty()) t += ' ';
      t += words[i];
    }
    const std::string lname = to_lower(name);
    auto int_in = [&](int lo, int hi, int& dst) {
      if (options_.bounded && &dst == &limits_.threads) hi = kBoundedThreads;
      const auto v = parse_int(value);
      if (!v || *v < lo || *v > hi)
        return say("info string error: " + name + " must be " + std::to_string(lo) + ".." + std::to_string(hi));
      dst = static_cast<int>(*v);
    };
    if (lname == "uci_variant") {
      select_variant(value, true);
    } else if (lname == "threads") {
      int_in(1, 64, limits_.threads);
    } else if (lname == "multipv") {
      int_in(1, 9, limits_.multipv);
    } else if (lname == "skill level") {
      int_in(kMinLevel, kMaxLevel, limits_.level);
    } else if (lname == "hash" || lname == "evalparams") {
      const std::string key = lname == "hash" ? "Hash" : "EvalParams";
      const std::string v = value == "<empty>" ? "" : value;
      if (options_.bounded && key == "Hash")  // the table stays minimal: sizing it costs more than a search
        return say("info string error: Hash is fixed in this session");
      auto r = engine_->set_option(key, v);
      if (!r) return say("info string error: " + r.error());
      engine_options_.emplace_back(key, v);
    } else if (lname == "ownbook" || lname == "bookfile") {
      // The book in front of the engine (book/book_engine.h): OwnBook turns it on for Skill
      // Levels from the game's book level; BookFile <default> is the game's shipped book.
      const std::string key = lname == "ownbook" ? "OwnBook" : "BookFile";
      if (options_.bounded && key == "BookFile" && value != "<default>" && !value.empty())
        return say("info string error: BookFile is fixed in this session");
      auto r = engine_->set_option(key, value);
      if (!r) return say("info string error: " + r.error());
      engine_options_.emplace_back(key, value);
    } else if (lname == "evalfile" || lname == "usennue") {
      const std::string key = lname == "evalfile" ? "EvalFile" : "UseNNUE";
      if (options_.bounded && key == "EvalFile") return say("info string error: EvalFile is fixed in this session");
      auto r = engine_->set_option(key, value);
      if (!r) return say("info string error: " + r.error());
      engine_options_.emplace_back(key, value);
    } else {
      say("info string error: unknown option '" + name + "'");
    }
  }

  void go(const std::vector<std::string_view>& w) {
    SearchLimits lim = limits_;
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string k(w[i]);
      auto num = [&]() -> std::int64_t {
        if (i + 1 >= w.size()) return -1;
        return parse_int(w[++i]).value_or(-1);
      };
      if (k == "infinite") {
        lim.infinite = true;
        continue;
      }
      const std::int64_t v = num();
      if (v < 0) return say("info string error: 'go " + k + "' needs a number >= 0");
      const int iv = static_cast<int>(std::min<std::int64_t>(v, 1 << 30));
      if (k == "perft") return perft(options_.bounded ? std::min(iv, kBoundedPerftDepth) : iv);
      if (k == "depth") lim.depth = iv;
      else if (k == "nodes") lim.nodes = static_cast<std::uint64_t>(v);
      else if (k == "movetime") lim.movetime_ms = iv;
      else if (k == "wtime") lim.time_left_ms[0] = std::max(1, iv);
      else if (k == "btime") lim.time_left_ms[1] = std::max(1, iv);
      else if (k == "winc") lim.increment_ms[0] = iv;
      else if (k == "binc") lim.increment_ms[1] = iv;
      else if (k == "movestogo") continue;
      else return say("info string error: unknown go parameter '" + k + "'");
    }
    // UCI's "go" with no limit means think until "stop".
    if (!lim.depth && !lim.nodes && !lim.movetime_ms && !lim.time_left_ms[0] && !lim.time_left_ms[1]) lim.infinite = true;
    if (options_.bounded) {
      lim.infinite = false;
      lim.nodes = lim.nodes ? std::min(lim.nodes, kBoundedNodes) : kBoundedNodes;
    }
    infinite_.store(lim.infinite);
    start_work([this, lim] {
      const SearchResult r = engine_->search(*state_, lim, [this](const SearchInfo& i) { say(format_info(i)); }, &stop_);
      if (r.best_move.empty()) return say("bestmove (none)");
      if (r.book) say("info string book move " + r.best_move);
      say(format_info(r.info));
      say("bestmove " + r.best_move + (r.ponder.empty() ? "" : " ponder " + r.ponder));
    });
    if (lim.infinite && input_ended_.load()) stop_.store(true);
  }

  // A search or perft runs on its own thread (on the caller's in a bounded session), so that
  // "stop" is read while it runs.
  void start_work(std::function<void()> work) {
    {
      std::lock_guard<std::mutex> lock(stop_mutex_);
      stop_.store(pending_stops_ > 0);
    }
    if (options_.bounded) work();
    else thread_ = std::thread(std::move(work));
  }

  void perft(int depth) {
    infinite_.store(false);
    start_work([this, depth] {
      PerftOptions opt;
      opt.depth = depth;
      opt.divide = true;
      opt.stop = &stop_;
      const auto start = std::chrono::steady_clock::now();
      auto n = game_->perft("", state_->position_text(), opt,
                            [&](const std::string& m, std::uint64_t c) { say(m + ": " + std::to_string(c)); });
      if (!n) return say("info string " + n.error());
      const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
      say("\nNodes searched: " + std::to_string(*n) + " (" + std::to_string(ms) + " ms)");
    });
  }

  std::ostream& out_;
  const UciOptions options_;
  std::mutex out_mutex_;
  const GameEntry* game_ = nullptr;
  std::unique_ptr<Engine> engine_;
  std::unique_ptr<GameState> state_;
  std::vector<std::pair<std::string, std::string>> engine_options_;
  SearchLimits limits_;
  std::atomic<bool> stop_{false};
  std::mutex stop_mutex_;
  int pending_stops_ = 0;  // "stop"/"quit" lines read but not yet handled
  std::atomic<bool> infinite_{false};
  std::atomic<bool> input_ended_{false};
  std::thread thread_;
};

UciDriver::UciDriver(std::ostream& out, UciOptions options) {
  register_builtin_games();
  session_ = std::make_unique<UciSession>(out, options);
}
UciDriver::~UciDriver() = default;
bool UciDriver::handle(const std::string& line) { return session_->handle(line); }
void UciDriver::finish() { session_->finish(); }

int run_uci(std::istream& in, std::ostream& out) {
  register_builtin_games();
  UciSession session(out);
  // The reader thread queues every line in order, and signals "stop"/"quit" at once: a command
  // ahead of them may be waiting for the very search they end ("go infinite", "position ...",
  // "stop"). Commands still run one by one, in order, on this thread.
  std::mutex m;
  std::condition_variable cv;
  std::deque<std::string> queue;
  bool eof = false;
  std::thread reader([&] {
    std::string line;
    while (std::getline(in, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      const auto words = split_ws(line);
      const bool quit = !words.empty() && words[0] == "quit";
      if (quit || (!words.empty() && words[0] == "stop")) session.interrupt();
      {
        std::lock_guard<std::mutex> lock(m);
        queue.push_back(std::move(line));
      }
      cv.notify_one();
      if (quit) break;
    }
    session.end_of_input();
    std::lock_guard<std::mutex> lock(m);
    eof = true;
    cv.notify_one();
  });
  bool quit = false;
  while (!quit) {
    std::string line;
    {
      std::unique_lock<std::mutex> lock(m);
      cv.wait(lock, [&] { return !queue.empty() || eof; });
      if (queue.empty()) break;
      line = std::move(queue.front());
      queue.pop_front();
    }
    quit = !session.handle(line);
  }
  if (!quit) session.finish();
  reader.join();  // it stops after "quit" or at the end of input, whichever came
  return 0;
}

}  // namespace oyin::protocol
