#include "match/capgo_match.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <memory>

#include "core/random.h"
#include "core/text.h"
#include "games/capgo/game.h"
#include "games/registry.h"
#include "search/mcts_engine.h"

namespace oyin::match {

std::string CapgoPlayerSpec::label() const {
  if (!gtp.empty()) return "gtp:" + gtp;
  std::string s = "oyin level " + std::to_string(level);
  if (playouts) s += " playouts " + std::to_string(playouts);
  if (movetime_ms) s += " movetime " + std::to_string(movetime_ms) + "ms";
  if (threads > 1) s += " threads " + std::to_string(threads);
  return s;
}

Result<CapgoPlayerSpec> parse_player(std::string_view text) {
  CapgoPlayerSpec p;
  const std::string t(trim(text));
  if (t == "gnugo") {
    p.gtp = "/usr/games/gnugo --mode gtp --level 10 --chinese-rules";
    return p;
  }
  if (t.rfind("gtp=", 0) == 0) {
    p.gtp = t.substr(4);
    if (p.gtp.empty()) return make_error("gtp= needs the engine's command line");
    return p;
  }
  auto kv = parse_key_values(t);
  if (!kv) return make_error(kv.error());
  for (const auto& [k, v] : *kv) {
    const auto n = parse_int(v);
    const std::int64_t hi = k == "movetime" ? 86'400'000 : k == "threads" ? 64 : 1'000'000'000'000'000;
    if (!n || *n < 0 || (k != "level" && *n > hi))
      return make_error("player setting " + k + " needs a whole number from 0 to " + std::to_string(hi) + ", not '" + v + "'");
    if (k == "level") {
      if (*n > 10) return make_error("level must be 0..10, not " + v);
      p.level = static_cast<int>(*n);
    } else if (k == "playouts") {
      p.playouts = static_cast<std::uint64_t>(*n);
    } else if (k == "movetime") {
      p.movetime_ms = static_cast<int>(*n);
    } else if (k == "threads") {
      p.threads = std::max(1, static_cast<int>(*n));
    } else {
      return make_error("unknown player setting '" + k + "' (known: level, playouts, movetime, threads; or gnugo, gtp=CMD)");
    }
  }
  return p;
}

double CapgoMatchResult::score_a() const {
  const int n = a_wins + b_wins + draws;
  return n ? (a_wins + 0.5 * draws) / n : 0.5;
}

double CapgoMatchResult::elo_a(double* margin95) const {
  const int n = a_wins + b_wins + draws;
  auto elo = [](double s) { return -400.0 * std::log10(1.0 / s - 1.0); };
  const double lo = n ? 0.5 / n : 0.01;
  const double s = std::clamp(score_a(), lo, 1.0 - lo);
  if (margin95) {
    const double se = n ? std::sqrt(s * (1 - s) / n) : 0.5;
    *margin95 = (elo(std::min(1.0 - lo, s + 1.96 * se)) - elo(std::max(lo, s - 1.96 * se))) / 2;
  }
  return elo(s);
}

namespace {

class Player {
 public:
  virtual ~Player() = default;
  virtual Status new_game(const capgo::Rules& rules) = 0;
  // The move for the side to move of `st`, in GTP text ("D4", "pass", "resign").
  virtual Result<std::string> genmove(const GameState& st, std::uint64_t seed) = 0;
  // The opponent's move (already played on `st`).
  virtual Status tell(int color, const std::string& move) = 0;
};

class OyinPlayer final : public Player {
 public:
  explicit OyinPlayer(const CapgoPlayerSpec& s) : spec_(s), engine_(make_capgo_engine()) {}
  Status new_game(const capgo::Rules&) override {
    engine_->new_game();
    return Ok{};
  }
  Result<std::string> genmove(const GameState& st, std::uint64_t seed) override {
    SearchLimits l;
    l.level = spec_.level;
    l.nodes = spec_.playouts;
    l.movetime_ms = spec_.movetime_ms;
    l.threads = spec_.threads;
    l.seed = seed;
    const auto r = engine_->search(st, l, {}, nullptr);
    if (r.best_move.empty()) return make_error("oyin found no move");
    return r.best_move;
  }
  Status tell(int, const std::string&) override { return Ok{}; }

 private:
  CapgoPlayerSpec spec_;
  std::unique_ptr<Engine> engine_;
};

// A GTP engine on two pipes.
class GtpPlayer final : public Player {
 public:
  explicit GtpPlayer(std::string command) : command_(std::move(command)) {}
  ~GtpPlayer() override {
    if (pid_ > 0) {
      send("quit");
      if (to_) std::fclose(to_);
      if (from_) std::fclose(from_);
      int st = 0;
      waitpid(pid_, &st, 0);
    }
  }

  Status start() {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) return make_error("cannot create pipes for the GTP engine");
    pid_ = fork();
    if (pid_ < 0) return make_error("cannot start the GTP engine");
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[1]);
      close(out[0]);
      execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = fdopen(in[1], "w");
    from_ = fdopen(out[0], "r");
    signal(SIGPIPE, SIG_IGN);
    auto name = ask("name");
    if (!name) return make_error("GTP engine '" + command_ + "' does not answer: " + name.error());
    return Ok{};
  }

  Status new_game(const capgo::Rules& rules) override {
    if (!rules.setup.empty()) return make_error("setup stones cannot be given to a GTP opponent");
    for (const std::string& cmd : {"boardsize " + std::to_string(rules.size), std::string("clear_board"), std::string("komi 0")}) {
      auto r = ask(cmd);
      if (!r) return make_error("GTP engine refused '" + cmd + "': " + r.error());
    }
    return Ok{};
  }
  Result<std::string> genmove(const GameState& st, std::uint64_t) override {
    auto r = ask(std::string("genmove ") + (st.side_to_move() == Side::First ? "B" : "W"));
    if (!r) return r;
    return to_lower(trim(*r));
  }
  Status tell(int color, const std::string& move) override {
    auto r = ask(std::string("play ") + (color == 0 ? "B " : "W ") + move);
    if (!r) return make_error(r.error());
    return Ok{};
  }

 private:
  void send(const std::string& line) {
    if (!to_) return;
    std::fputs((line + "\n").c_str(), to_);
    std::fflush(to_);
  }
  Result<std::string> ask(const std::string& line) {
    send(line);
    std::string answer;
    bool started = false;
    char buf[4096];
    while (std::fgets(buf, sizeof buf, from_)) {
      std::string l(buf);
      while (!l.empty() && (l.back() == '\n' || l.back() == '\r')) l.pop_back();
      if (!started) {
        if (l.empty()) continue;
        started = true;
        answer = l;
        continue;
      }
      if (l.empty()) break;
      answer += "\n" + l;
    }
    if (!started) return make_error("no answer to '" + line + "'");
    if (answer[0] == '?') return make_error(answer.substr(1));
    return std::string(trim(answer.substr(1)));
  }

  std::string command_;
  pid_t pid_ = -1;
  FILE* to_ = nullptr;
  FILE* from_ = nullptr;
};

Result<std::unique_ptr<Player>> make_player(const CapgoPlayerSpec& s) {
  if (s.gtp.empty()) return std::unique_ptr<Player>(std::make_unique<OyinPlayer>(s));
  auto p = std::make_unique<GtpPlayer>(s.gtp);
  if (auto st = p->start(); !st) return make_error(st.error());
  return std::unique_ptr<Player>(std::move(p));
}

}  // namespace

Result<CapgoMatchResult> run_capgo_match(const CapgoMatchOptions& opt) {
  register_builtin_games();
  const GameAdapter* g = find_game("capgo");
  auto rules = capgo::CaptureGo::parse_rules(opt.rules);
  if (!rules) return make_error(rules.error());
  if (opt.games < 1) return make_error("games must be at least 1");
  auto pa = make_player(opt.a);
  if (!pa) return make_error("player A: " + pa.error());
  auto pb = make_player(opt.b);
  if (!pb) return make_error("player B: " + pb.error());
  const int max_plies = opt.max_plies ? opt.max_plies : 4 * rules->size * rules->size;
  CapgoMatchResult res;
  std::uint64_t seed = opt.seed;
  for (int i = 0; i < opt.games; ++i) {
    auto created = g->new_game(opt.rules, "");
    if (!created) return make_error(created.error());
    std::unique_ptr<GameState> st = std::move(*created);
    CapgoGame game;
    game.a_color = i % 2;  // colours alternate, A is Black in the first game
    Player* players[2] = {game.a_color == 0 ? pa->get() : pb->get(), game.a_color == 0 ? pb->get() : pa->get()};
    for (Player* p : players)
      if (auto s = p->new_game(*rules); !s) return make_error(s.error());
    std::string forfeit;
    int forfeit_loser = -1;
    while (!st->status().over() && static_cast<int>(st->ply()) < max_plies) {
      const int side = index(st->side_to_move());
      auto mv = players[side]->genmove(*st, splitmix64(seed));
      if (!mv) {
        forfeit = "no move: " + mv.error(), forfeit_loser = side;
        break;
      }
      if (*mv == "resign") {
        forfeit = std::string(side == 0 ? "black" : "white") + " resigned", forfeit_loser = side;
        break;
      }
      auto played = st->play(*mv);
      if (!played) {
        forfeit = "illegal move " + *mv + ": " + played.error(), forfeit_loser = side;
        break;
      }
      if (auto t = players[side ^ 1]->tell(side, *mv); !t) {
        forfeit = "the GTP engine refused " + *mv + ": " + t.error(), forfeit_loser = side ^ 1;
        break;
      }
    }
    const GameStatus s = st->status();
    GameRecord meta;
    if (forfeit_loser >= 0) {
      game.winner = forfeit_loser ^ 1;
      game.reason = forfeit;
      meta.result = game.winner == 0 ? "1-0" : "0-1";
    } else if (s.over()) {
      game.winner = s.outcome == Outcome::Draw ? 2 : index(s.winner);
      game.reason = s.reason;
    } else {
      const auto* impl = st.get();
      (void)impl;
      // Move limit: the count decides, as after two passes.
      const auto words = split_ws(st->position_text());
      const int cb = static_cast<int>(*parse_int(words[3])), cw = static_cast<int>(*parse_int(words[4]));
      game.winner = cb > cw ? 0 : cw > cb ? 1 : 2;
      game.reason = "move limit, captures " + std::to_string(cb) + ":" + std::to_string(cw);
      meta.result = game.winner == 0 ? "1-0" : game.winner == 1 ? "0-1" : "1/2-1/2";
    }
    game.plies = static_cast<int>(st->ply());
    meta.tags = {{"Event", "oyin selfplay capgo"},
                 {"Black", game.a_color == 0 ? opt.a.label() : opt.b.label()},
                 {"White", game.a_color == 0 ? opt.b.label() : opt.a.label()}};
    game.sgf = st->write_record(meta);
    if (game.winner == 2) ++res.draws;
    else {
      (game.winner == game.a_color ? res.a_wins : res.b_wins) += 1;
      (game.winner == 0 ? res.black_wins : res.white_wins) += 1;
    }
    if (opt.on_game) opt.on_game(i, game);
    res.games.push_back(std::move(game));
  }
  return res;
}

}  // namespace oyin::match
