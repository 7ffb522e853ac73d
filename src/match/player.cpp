#include "match/player.h"

#include "core/text.h"
#include "match/subprocess.h"
#include "search/engine.h"

namespace oyin::match {

Result<PlayerSpec> parse_player_spec(std::string_view text) {
  PlayerSpec s;
  s.text = std::string(text);
  if (starts_with_ci(text, "uci:")) {
    s.builtin = false;
    s.command = std::string(trim(text.substr(4)));
    if (s.command.empty()) return make_error("engine '" + s.text + "': 'uci:' needs a command line");
    s.name = s.command;
    return s;
  }
  if (!starts_with_ci(text, "builtin")) return make_error("engine '" + s.text + "': expected builtin:... or uci:<command>");
  std::string_view rest = text.substr(7);
  if (!rest.empty() && rest[0] == ':') rest.remove_prefix(1);
  auto kv = parse_key_values(rest);
  if (!kv) return make_error("engine '" + s.text + "': " + kv.error());
  s.opts = *kv;
  static const char* known[] = {"level", "nodes", "depth", "movetime", "hash", "eval", "plain", "name"};
  for (const auto& [k, v] : s.opts) {
    bool ok = false;
    for (const char* x : known) ok = ok || k == x;
    if (!ok) return make_error("engine '" + s.text + "': unknown key '" + k + "' (known: level, nodes, depth, movetime, hash, eval, plain, name)");
    if (k == "eval" || k == "name") continue;
    // Each number's range, so that nothing wraps or narrows on its way to the engine.
    const std::int64_t hi = k == "level"      ? 10
                            : k == "nodes"    ? 1'000'000'000'000'000
                            : k == "depth"    ? 100
                            : k == "movetime" ? 86'400'000
                            : k == "hash"     ? 4096
                            :                   1;  // plain
    const std::int64_t lo = k == "hash" ? 1 : 0;
    const auto n = parse_int(v);
    if (!n || *n < lo || *n > hi)
      return make_error("engine '" + s.text + "': " + k + " must be a whole number from " + std::to_string(lo) + " to " +
                        std::to_string(hi) + ", not '" + v + "'");
  }
  s.name = s.opts.count("name") ? s.opts["name"] : s.text;
  return s;
}

namespace {

std::int64_t opt_int(const PlayerSpec& s, const char* key, std::int64_t fallback) {
  const auto it = s.opts.find(key);
  return it == s.opts.end() ? fallback : parse_int(it->second).value_or(fallback);
}

class BuiltinPlayer final : public Player {
 public:
  BuiltinPlayer(std::unique_ptr<Engine> e, SearchLimits lim) : engine_(std::move(e)), lim_(lim) {}
  Result<std::string> think(const GameState& state, const std::string&, const std::vector<std::string>&, const int clock_ms[2],
                            const int inc_ms[2]) override {
    SearchLimits lim = lim_;
    for (int s = 0; s < 2; ++s) {
      lim.time_left_ms[s] = clock_ms[s];
      lim.increment_ms[s] = inc_ms[s];
    }
    lim.seed = rng_.next();
    const SearchResult r = engine_->search(state, lim, {}, nullptr);
    if (r.best_move.empty()) return make_error("no move");
    return r.best_move;
  }
  Rng rng_{1};

 private:
  std::unique_ptr<Engine> engine_;
  SearchLimits lim_;
};

class UciPlayer final : public Player {
 public:
  UciPlayer(std::unique_ptr<Subprocess> p, MoveBudget b) : proc_(std::move(p)), budget_(b) {}

  Status handshake(const std::string& variant) {
    if (!proc_->write_line("uci")) return make_error("cannot write to the engine");
    if (!wait_for("uciok", 10000)) return make_error("no 'uciok' within 10 s");
    if (!variant.empty()) proc_->write_line("setoption name UCI_Variant value " + variant);
    proc_->write_line("ucinewgame");
    proc_->write_line("isready");
    if (!wait_for("readyok", 10000)) return make_error("no 'readyok' within 10 s");
    return Ok{};
  }

  Result<std::string> think(const GameState&, const std::string& start, const std::vector<std::string>& moves,
                            const int clock_ms[2], const int inc_ms[2]) override {
    std::string pos = "position fen " + start;
    if (!moves.empty()) {
      pos += " moves";
      for (const auto& m : moves) pos += " " + m;
    }
    std::string go = "go";
    int timeout = 60000;
    if (clock_ms[0] > 0 || clock_ms[1] > 0) {
      go += " wtime " + std::to_string(clock_ms[0]) + " btime " + std::to_string(clock_ms[1]) + " winc " +
            std::to_string(inc_ms[0]) + " binc " + std::to_string(inc_ms[1]);
      timeout = std::max(clock_ms[0], clock_ms[1]) + 5000;
    }
    if (budget_.nodes) go += " nodes " + std::to_string(budget_.nodes);
    if (budget_.depth) go += " depth " + std::to_string(budget_.depth);
    if (budget_.movetime_ms) {
      go += " movetime " + std::to_string(budget_.movetime_ms);
      timeout = budget_.movetime_ms + 5000;
    }
    if (go == "go") go += " movetime 1000";  // no limit given: a bare "go" would never end
    if (!proc_->write_line(pos) || !proc_->write_line(go)) return make_error("engine died");
    while (auto line = proc_->read_line(timeout)) {
      const auto w = split_ws(*line);
      if (w.size() >= 2 && w[0] == "bestmove") return std::string(w[1]);
    }
    return make_error("no bestmove (engine died or timed out)");
  }

 private:
  bool wait_for(const std::string& word, int timeout_ms) {
    while (auto line = proc_->read_line(timeout_ms))
      if (trim(*line) == word) return true;
    return false;
  }
  std::unique_ptr<Subprocess> proc_;
  MoveBudget budget_;
};

}  // namespace

Result<std::unique_ptr<Player>> make_player(const PlayerSpec& spec, const std::string& game, const MoveBudget& budget,
                                            std::uint64_t seed) {
  if (!spec.builtin) {
    auto proc = Subprocess::start(spec.command);
    if (!proc) return make_error(proc.error());
    auto p = std::make_unique<UciPlayer>(std::move(*proc), budget);
    const std::string variant = game == "togyz" ? "togyzkumalak" : game == "tojmot" ? "tojmot" : "";
    auto ok = p->handshake(variant);
    if (!ok) return make_error("engine '" + spec.command + "': " + ok.error());
    return std::unique_ptr<Player>(std::move(p));
  }
  auto engine = make_engine(game);
  if (auto r = engine->set_option("Hash", std::to_string(opt_int(spec, "hash", 8))); !r) return make_error(r.error());
  if (spec.opts.count("eval")) {
    std::string ev = spec.opts.at("eval");
    for (char& c : ev)
      if (c == '+') c = ',';
    if (auto r = engine->set_option("EvalParams", ev); !r) return make_error("engine '" + spec.text + "': " + r.error());
  }
  if (opt_int(spec, "plain", 0)) {
    if (auto r = engine->set_option("Plain", "1"); !r) return make_error("engine '" + spec.text + "': " + r.error());
  }
  SearchLimits lim;
  lim.level = static_cast<int>(opt_int(spec, "level", 10));
  lim.nodes = static_cast<std::uint64_t>(opt_int(spec, "nodes", static_cast<std::int64_t>(budget.nodes)));
  lim.depth = static_cast<int>(opt_int(spec, "depth", budget.depth));
  lim.movetime_ms = static_cast<int>(opt_int(spec, "movetime", budget.movetime_ms));
  auto p = std::make_unique<BuiltinPlayer>(std::move(engine), lim);
  p->rng_ = Rng(seed);
  return std::unique_ptr<Player>(std::move(p));
}

}  // namespace oyin::match
