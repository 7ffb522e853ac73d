#include "match/player.h"

#include <algorithm>
#include <cstdio>

#include "book/book_engine.h"
#include "core/random.h"
#include "core/text.h"
#include "search/engine.h"
#include "search/tt.h"

namespace oyin::match {

namespace {

constexpr const char* kBuiltinKeys = "level, nodes, playouts, threads, movetime, depth, hash, eval, evalfile, nnue, plain, book, name";

struct KeyRange {
  const char* key;
  std::int64_t lo, hi;  // lo > hi: not a number
};
constexpr std::int64_t kMaxBudget = 1'000'000'000'000'000;  // nodes or playouts a move
constexpr KeyRange kKeys[] = {
    {"level", kMinLevel, kMaxLevel}, {"nodes", 1, kMaxBudget}, {"playouts", 1, kMaxBudget},
    {"threads", 1, 256},      {"movetime", 1, 3600000}, {"depth", 1, 100},
    {"hash", 1, static_cast<std::int64_t>(search::kMaxHashMb)}, {"plain", 0, 1},
    {"eval", 1, 0},           {"name", 1, 0},           {"evalfile", 1, 0},
    {"book", 1, 0},           {"nnue", 0, 1},
};

std::string seconds_text(int ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f s", ms / 1000.0);
  return buf;
}

}  // namespace

Result<PlayerSpec> parse_player_spec(std::string_view text_in) {
  const std::string_view text = trim(text_in);
  PlayerSpec s;
  s.text = std::string(text);
  auto fail = [&](const std::string& why) { return make_error("engine '" + s.text + "': " + why); };
  for (const auto& [prefix, kind] : {std::pair{"uci:", PlayerKind::Uci}, {"gtp:", PlayerKind::Gtp}}) {
    if (!starts_with_ci(text, prefix)) continue;
    s.kind = kind;
    s.command = std::string(trim(text.substr(4)));
    if (s.command.empty()) return fail(std::string("'") + prefix + "' needs a command line");
    s.name = s.command;
    return s;
  }
  if (starts_with_ci(text, "gnugo")) {
    std::string_view rest = text.substr(5);
    int level = 10;
    if (!rest.empty()) {
      if (rest[0] != ':') return fail("expected gnugo or gnugo:level=N");
      auto kv = parse_key_values(rest.substr(1));
      if (!kv) return fail(kv.error());
      for (const auto& [k, v] : *kv) {
        const auto n = parse_int(v);
        if (k != "level") return fail("unknown key '" + k + "' (gnugo knows only level)");
        if (!n || *n < 0 || *n > 10) return fail("GNU Go's level must be 0..10, not '" + v + "'");
        level = static_cast<int>(*n);
      }
    }
    s.kind = PlayerKind::Gtp;
    s.command = "/usr/games/gnugo --mode gtp --level " + std::to_string(level) + " --chinese-rules";
    s.name = s.text;
    return s;
  }
  if (starts_with_ci(text, "greedy")) {  // the beginner of the level ladder: no keys but a name
    std::string_view rest = text.substr(6);
    s.opts["greedy"] = "1";
    s.name = s.text;
    if (rest.empty()) return s;
    if (rest[0] != ':') return fail("expected greedy or greedy:name=S");
    auto kv = parse_key_values(rest.substr(1));
    if (!kv) return fail(kv.error());
    for (const auto& [k, v] : *kv) {
      if (k != "name" || v.empty()) return fail("greedy knows only name=S");
      s.name = v;
    }
    return s;
  }
  if (!starts_with_ci(text, "builtin"))
    return fail("expected builtin[:key=value,...], greedy, uci:<command>, gtp:<command> or gnugo[:level=N]");
  std::string_view rest = text.substr(7);
  if (!rest.empty() && rest[0] != ':') return fail("expected builtin:key=value,...");
  if (!rest.empty()) rest.remove_prefix(1);
  auto kv = parse_key_values(rest);
  if (!kv) return fail(kv.error());
  s.opts = *kv;
  for (const auto& [k, v] : s.opts) {
    const KeyRange* r = nullptr;
    for (const auto& x : kKeys)
      if (k == x.key) r = &x;
    if (!r) return fail("unknown key '" + k + "' (known: " + kBuiltinKeys + ")");
    if (r->lo > r->hi) {
      if (v.empty()) return fail(k + " needs a value");
      continue;
    }
    const auto n = parse_int(v);
    if (!n) return fail(k + " must be a number, not '" + v + "'");
    if (*n < r->lo || *n > r->hi)
      return fail(k + " must be " + std::to_string(r->lo) + ".." + std::to_string(r->hi) + ", not " + v);
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
  Status new_game(const GameState&, std::uint64_t seed) override {
    rng_ = Rng(seed);
    engine_->new_game();
    return Ok{};
  }
  Result<std::string> think(const Turn& t) override {
    SearchLimits lim = lim_;
    for (int s = 0; s < 2; ++s) {
      lim.time_left_ms[s] = t.clock_ms[s];
      lim.increment_ms[s] = t.inc_ms[s];
    }
    lim.seed = rng_.next();
    const SearchResult r = engine_->search(t.now, lim, {}, nullptr);
    if (r.best_move.empty()) return make_error("the engine found no move");
    return r.best_move;
  }

 private:
  std::unique_ptr<Engine> engine_;
  SearchLimits lim_;
  Rng rng_{1};
};

// What external engines share: a process, deadlines, and error texts that say what went wrong.
class ExternalPlayer : public Player {
 protected:
  ExternalPlayer(std::unique_ptr<Subprocess> p, const PlayerContext& c) : proc_(std::move(p)), ctx_(c) {}

  Clock::time_point deadline(int extra_ms = 0) const {
    return Clock::now() + std::chrono::milliseconds(ctx_.timeout_ms + extra_ms);
  }
  // The deadline of a move: the thinking time its limits give (movetime; its clock under a time
  // control, plus at most a second: past it the engine has lost anyway) and the timeout.
  Clock::time_point move_deadline(const Turn& t, int movetime_ms, int* allowed_ms) const {
    const int me = index(t.now.side_to_move());
    int ms = ctx_.timeout_ms + movetime_ms;
    if (ctx_.clock) ms = std::min(ms, t.clock_ms[me] + std::min(ctx_.timeout_ms, 1000));
    *allowed_ms = ms;
    return Clock::now() + std::chrono::milliseconds(ms);
  }

  Status send(const std::string& line, Clock::time_point until) {
    if (proc_->write_line(line, until)) return Ok{};
    // A position line can be long: the message names its start.
    const std::string shown = line.size() > 40 ? line.substr(0, 40) + "..." : line;
    if (Clock::now() >= until) {  // the pipe stayed full: the engine does not read
      proc_->kill_now();
      return make_error("the engine stopped reading its input ('" + shown + "' not taken within " +
                        seconds_text(ctx_.timeout_ms) + ")");
    }
    return make_error("the engine " + gone_text() + " before taking '" + shown + "'");
  }

  // How the engine ended, after it closed its input or output (it is about to exit).
  std::string gone_text() {
    const std::string how = proc_->exit_text(2000);
    return how.empty() ? "closed its pipes" : how;
  }

  // The next line before `until`; the error names the command it was waiting on.
  Result<std::string> next_line(const std::string& waiting_on, Clock::time_point until, int allowed_ms,
                                bool is_move) {
    std::string line;
    switch (proc_->read_line(line, until)) {
      case Subprocess::Read::Line: return line;
      case Subprocess::Read::Timeout:
        proc_->kill_now();
        return make_error("no answer to '" + waiting_on + "' within " + seconds_text(allowed_ms) +
                          (is_move ? " (lost on time)" : ""));
      case Subprocess::Read::Closed: break;
    }
    return make_error("the engine " + gone_text() + " before answering '" + waiting_on + "'");
  }

  std::unique_ptr<Subprocess> proc_;
  PlayerContext ctx_;
};

class UciPlayer final : public ExternalPlayer {
 public:
  UciPlayer(std::unique_ptr<Subprocess> p, const PlayerContext& c) : ExternalPlayer(std::move(p), c) {}
  ~UciPlayer() override { (void)proc_->write_line("quit", Clock::now() + std::chrono::milliseconds(100)); }

  Status handshake(const std::string& variant) {
    if (auto s = ask("uci", "uciok"); !s) return s;
    if (!variant.empty()) {
      if (auto s = send("setoption name UCI_Variant value " + variant, deadline()); !s) return s;
    }
    return ask("isready", "readyok");
  }

  Status new_game(const GameState& start, std::uint64_t) override {
    start_ = start.position_text();
    if (auto s = send("ucinewgame", deadline()); !s) return s;
    return ask("isready", "readyok");
  }

  Result<std::string> think(const Turn& t) override {
    std::string pos = "position fen " + start_;
    if (!t.moves.empty()) {
      pos += " moves";
      for (const auto& m : t.moves) pos += " " + m;
    }
    // The position is acknowledged (isready) before the clock of the move starts.
    if (auto s = send(pos, deadline()); !s) return make_error(s.error());
    if (auto s = ask("isready", "readyok"); !s) return make_error(s.error());
    std::string go = "go";
    if (t.clock_ms[0] > 0 || t.clock_ms[1] > 0)
      go += " wtime " + std::to_string(t.clock_ms[0]) + " btime " + std::to_string(t.clock_ms[1]) + " winc " +
            std::to_string(t.inc_ms[0]) + " binc " + std::to_string(t.inc_ms[1]);
    if (ctx_.budget.nodes) go += " nodes " + std::to_string(ctx_.budget.nodes);
    if (ctx_.budget.depth) go += " depth " + std::to_string(ctx_.budget.depth);
    if (ctx_.budget.movetime_ms) go += " movetime " + std::to_string(ctx_.budget.movetime_ms);
    int movetime = ctx_.budget.movetime_ms;
    if (go == "go") {  // no limit given: a bare "go" would never end
      movetime = 1000;
      go += " movetime 1000";
    }
    int allowed = 0;
    const auto until = move_deadline(t, movetime, &allowed);
    if (auto s = send(go, until); !s) return make_error(s.error());
    while (true) {
      auto line = next_line(go, until, allowed, true);
      if (!line) return make_error(line.error());
      const auto w = split_ws(*line);
      if (w.size() >= 2 && w[0] == "bestmove") return std::string(w[1]);
    }
  }

 private:
  std::string start_;  // the position text the game started from

  Status ask(const std::string& cmd, const std::string& expect) {
    const auto until = deadline();
    if (auto s = send(cmd, until); !s) return s;
    while (true) {
      auto line = next_line(cmd, until, ctx_.timeout_ms, false);
      if (!line) return make_error(line.error());
      if (trim(*line) == expect) return Ok{};
    }
  }
};

// A GTP engine keeps its own board: it gets the start position once (the registry's gtp_setup)
// and then the opponent's moves as `play` (its own it has played on its board at genmove).
class GtpPlayer final : public ExternalPlayer {
 public:
  GtpPlayer(std::unique_ptr<Subprocess> p, const PlayerContext& c) : ExternalPlayer(std::move(p), c) {}
  ~GtpPlayer() override { (void)proc_->write_line("quit", Clock::now() + std::chrono::milliseconds(100)); }

  Status handshake() {
    auto r = ask("name", deadline(), ctx_.timeout_ms, false);
    if (!r) return make_error(r.error());
    if (!r->ok) return make_error("refused 'name': " + r->text);
    return Ok{};
  }

  Status new_game(const GameState& start, std::uint64_t) override {
    auto setup = ctx_.game->gtp_setup(start.rules_text(), start.position_text());
    if (!setup) return make_error(setup.error());
    if (ctx_.clock) setup->push_back("time_settings " + std::to_string(ctx_.base_ms / 1000) + " 0 0");
    else if (ctx_.budget.movetime_ms) setup->push_back("time_settings 0 " + std::to_string(std::max(1, ctx_.budget.movetime_ms / 1000)) + " 1");
    for (const std::string& cmd : *setup) {
      auto r = ask(cmd, deadline(), ctx_.timeout_ms, false);
      if (!r) return make_error(r.error());
      // Time settings are advice; an engine without them plays on.
      if (!r->ok && cmd.rfind("time_settings", 0) != 0) return make_error("refused '" + cmd + "': " + r->text);
    }
    board_ = start.clone();
    told_ = 0;
    own_move_pending_ = false;
    return Ok{};
  }

  Result<std::string> think(const Turn& t) override {
    for (; told_ < t.moves.size(); ++told_) {
      const std::string& m = t.moves[told_];
      if (!(own_move_pending_ && told_ == own_index_)) {
        const std::string cmd = std::string("play ") + color(board_->side_to_move()) + " " + m;
        auto r = ask(cmd, deadline(), ctx_.timeout_ms, false);
        if (!r) return make_error(r.error());
        if (!r->ok) return make_error("refused '" + cmd + "': " + r->text);
      }
      if (!board_->play(m)) return make_error("internal: the referee's move '" + m + "' does not replay");
    }
    own_move_pending_ = false;
    const char* me = color(t.now.side_to_move());
    if (ctx_.clock) {
      const int left = t.clock_ms[index(t.now.side_to_move())];
      (void)ask(std::string("time_left ") + me + " " + std::to_string(std::max(0, left / 1000)) + " 0", deadline(),
                ctx_.timeout_ms, false);
    }
    int allowed = 0;
    const auto until = move_deadline(t, ctx_.budget.movetime_ms, &allowed);
    const std::string cmd = std::string("genmove ") + me;
    auto r = ask(cmd, until, allowed, true);
    if (!r) return make_error(r.error());
    if (!r->ok) return make_error("refused '" + cmd + "': " + r->text);
    // The engine has played its answer on its board: the referee's next list starts with it.
    own_move_pending_ = true;
    own_index_ = t.moves.size();
    return to_lower(trim(r->text));
  }

 private:
  struct Answer {
    bool ok = true;  // '=' (success) or '?' (failure)
    std::string text;
  };
  static const char* color(Side s) { return s == Side::First ? "B" : "W"; }

  // One GTP exchange: "=[id] text" or "?[id] text", more lines, then an empty line.
  Result<Answer> ask(const std::string& cmd, Clock::time_point until, int allowed_ms, bool is_move) {
    if (auto s = send(cmd, until); !s) return make_error(s.error());
    Answer a;
    bool started = false;
    while (true) {
      auto line = next_line(cmd, until, allowed_ms, is_move);
      if (!line) return make_error(line.error());
      if (!started) {
        const std::string_view l = trim(*line);
        if (l.empty() || (l[0] != '=' && l[0] != '?')) continue;  // not an answer (yet)
        started = true;
        a.ok = l[0] == '=';
        std::size_t i = 1;
        while (i < l.size() && std::isdigit(static_cast<unsigned char>(l[i]))) ++i;  // the optional id
        a.text = std::string(trim(l.substr(i)));
        continue;
      }
      if (trim(*line).empty()) return a;
      a.text += "\n" + *line;
    }
  }

  std::unique_ptr<GameState> board_;  // what the engine has been told
  std::size_t told_ = 0;
  bool own_move_pending_ = false;
  std::size_t own_index_ = 0;
};

Result<std::unique_ptr<Player>> make_builtin(const PlayerSpec& spec, const PlayerContext& ctx) {
  const GameEntry& g = *ctx.game;
  const bool mcts = g.engine_kind() == EngineKind::Mcts;
  auto fail = [&](const std::string& why) { return make_error("engine '" + spec.text + "': " + why); };
  if (spec.opts.count("greedy")) {
    auto greedy = g.make_greedy_engine();
    if (!greedy) return fail(g.title() + " has no greedy player");
    return std::unique_ptr<Player>(std::make_unique<BuiltinPlayer>(std::move(greedy), SearchLimits{}));
  }
  auto engine = g.make_engine();
  if (spec.opts.count("hash")) {
    if (auto r = engine->set_option("Hash", spec.opts.at("hash")); !r) return fail("hash: " + r.error());
  } else if (g.engine_kind() == EngineKind::AlphaBeta) {
    (void)engine->set_option("Hash", "8");  // small tables: several games may run at once
  }
  if (spec.opts.count("eval")) {
    std::string ev = spec.opts.at("eval");
    std::replace(ev.begin(), ev.end(), '+', ',');
    if (auto r = engine->set_option("EvalParams", ev); !r) return fail("eval: " + r.error());
  }
  if (spec.opts.count("evalfile")) {  // a learned evaluation, used instead of the hand-made one
    if (auto r = use_eval_file(*engine, spec.opts.at("evalfile")); !r) return fail("evalfile: " + r.error());
  }
  if (spec.opts.count("nnue")) {  // nnue=0: the hand-made evaluation (UseNNUE false)
    if (auto r = engine->set_option("UseNNUE", opt_int(spec, "nnue", 1) ? "true" : "false"); !r)
      return fail("nnue: " + r.error());
  }
  if (spec.opts.count("book")) {  // the opening book at the levels that use one: "default" = the shipped one
    const std::string& file = spec.opts.at("book");
    if (file == "default" && !book::shipped_book(g.name())) return fail("book: " + g.title() + " ships no opening book");
    if (auto r = engine->set_option("BookFile", file == "default" ? "" : file); !r) return fail("book: " + r.error());
    if (auto r = engine->set_option("OwnBook", "true"); !r) return fail("book: " + r.error());
  }
  if (opt_int(spec, "plain", 0)) {
    if (auto r = engine->set_option("Plain", "1"); !r) return fail("plain: " + r.error());
  }
  SearchLimits lim;
  lim.level = static_cast<int>(opt_int(spec, "level", kMaxLevel));
  const std::int64_t nodes = opt_int(spec, "nodes", 0), playouts = opt_int(spec, "playouts", 0);
  if (playouts && !mcts) return fail("playouts is a limit of Monte-Carlo engines; " + engine->name() + " counts nodes (nodes=N)");
  if (nodes && playouts && nodes != playouts) return fail("nodes and playouts are the same limit here; give one");
  lim.nodes = static_cast<std::uint64_t>(nodes ? nodes : playouts ? playouts : static_cast<std::int64_t>(ctx.budget.nodes));
  lim.depth = static_cast<int>(opt_int(spec, "depth", ctx.budget.depth));
  if (mcts && lim.depth)
    return fail("a depth limit means nothing to " + engine->name() + " (a Monte-Carlo search): limit it with playouts or movetime");
  lim.movetime_ms = static_cast<int>(opt_int(spec, "movetime", ctx.budget.movetime_ms));
  lim.threads = static_cast<int>(opt_int(spec, "threads", 1));
  return std::unique_ptr<Player>(std::make_unique<BuiltinPlayer>(std::move(engine), lim));
}

}  // namespace

Result<std::unique_ptr<Player>> make_player(const PlayerSpec& spec, const PlayerContext& ctx) {
  if (!ctx.game) return make_error("no game");
  if (spec.kind == PlayerKind::Builtin) return make_builtin(spec, ctx);
  const bool uci = spec.kind == PlayerKind::Uci;
  if (uci != (ctx.game->protocol() == Protocol::Uci))
    return make_error("engine '" + spec.text + "': " + ctx.game->title() + " is played over " + (uci ? "GTP" : "UCI") +
                      ", not " + (uci ? "UCI (use gtp:<command>)" : "GTP (use uci:<command>)"));
  auto fail = [&](const std::string& why) { return make_error("engine '" + spec.text + "': " + why); };
  auto proc = Subprocess::start(spec.command);
  if (!proc) return fail(proc.error());
  if (uci) {
    auto p = std::make_unique<UciPlayer>(std::move(*proc), ctx);
    if (auto ok = p->handshake(ctx.game->uci_variant()); !ok) return fail(ok.error());
    return std::unique_ptr<Player>(std::move(p));
  }
  auto p = std::make_unique<GtpPlayer>(std::move(*proc), ctx);
  if (auto ok = p->handshake(); !ok) return fail(ok.error());
  return std::unique_ptr<Player>(std::move(p));
}

}  // namespace oyin::match
