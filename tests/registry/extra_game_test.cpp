// A game declared in this test binary only — Nim: a pile of stones, each move takes 1..max_take
// of them, whoever takes the last stone wins — registered with the registry and then played
// through everything that asks the registry: perft, the alpha-beta engine, the match runner, UCI
// (with its UCI_Variant) and the server's HTTP API. Nothing outside this file knows it exists.
#include <gtest/gtest.h>

#include <boost/asio/thread_pool.hpp>
#include <filesystem>
#include <future>
#include <sstream>

#include "core/int_params.h"
#include "core/move_list.h"
#include "core/pgn.h"
#include "core/text.h"
#include "games/adapter_impl.h"
#include "registry/registry.h"
#include "match/runner.h"
#include "protocol/uci.h"
#include "search/alphabeta_engine.h"
#include "server/play/analysis.h"
#include "server/http/api.h"
#include "server/play/game_service.h"
#include "storage/game_store.h"

namespace oyin::nim {
namespace {

struct Rules {
  int pile = 21;
  int max_take = 3;
};
struct Position {
  int left = 21;
  int side = 0;
  int max_take = 3;
};
struct Move {
  std::uint8_t take = 1;
  friend bool operator==(Move, Move) = default;
};
struct Params {};

struct Nim {
  using Position = nim::Position;
  using Move = nim::Move;
  using MoveList = oyin::MoveList<Move, 16>;
  using Undo = nim::Position;
  using Rules = nim::Rules;
  using EvalParams = Params;
  static constexpr std::string_view name = "nim";
  static constexpr std::string_view title = "Nim";
  static constexpr std::string_view side_names[2] = {"first", "second"};
  static constexpr std::string_view record_format = "pgn";

  static Position start_position(const Rules& r) { return {r.pile, 0, r.max_take}; }
  static void generate_moves(const Position& p, MoveList& l) {
    for (int k = 1; k <= std::min(p.left, p.max_take); ++k) l.push(Move{static_cast<std::uint8_t>(k)});
  }
  static void play(Position& p, Move m, Undo& u) {
    u = p;
    p.left -= m.take;
    p.side ^= 1;
  }
  static void undo(Position& p, Move, const Undo& u) { p = u; }
  // The player who took the last stone (the one not to move) wins.
  static GameStatus status(const Position& p) {
    if (p.left > 0) return GameStatus::ongoing();
    return GameStatus::win(static_cast<Side>(p.side ^ 1), "took the last stone", "last_stone");
  }
  static std::uint64_t hash(const Position& p) {
    return (static_cast<std::uint64_t>(p.left) * 2 + static_cast<std::uint64_t>(p.side) + 1) * 0x9E3779B97F4A7C15ULL;
  }
  static Side side_to_move(const Position& p) { return static_cast<Side>(p.side); }
  static std::string position_to_text(const Position& p) {
    return std::to_string(p.left) + (p.side ? " s" : " f");
  }
  static Result<Position> parse_position(std::string_view t, const Rules& r) {
    const auto w = split_ws(t);
    const auto n = w.empty() ? std::nullopt : parse_int(w[0]);
    if (!n || *n < 0 || *n > 1000 || w.size() != 2 || (w[1] != "f" && w[1] != "s"))
      return make_error("a Nim position is '<stones> f|s', not '" + std::string(t) + "'");
    return Position{static_cast<int>(*n), w[1] == "s" ? 1 : 0, r.max_take};
  }
  static std::string move_to_text(const Position&, Move m) { return std::to_string(m.take); }
  static std::string record_move_text(const Position& p, Move m) { return move_to_text(p, m); }
  static Result<Move> parse_move(const Position& p, std::string_view t) {
    const auto k = parse_int(t);
    if (!k || *k < 1 || *k > std::min(p.left, p.max_take))
      return make_error("take 1.." + std::to_string(std::min(p.left, p.max_take)) + " stones, not '" + std::string(t) + "'");
    return Move{static_cast<std::uint8_t>(*k)};
  }
  static Result<Rules> parse_rules(std::string_view text) {
    auto kv = parse_key_values(text);
    if (!kv) return make_error(kv.error());
    Rules r;
    for (const auto& [k, v] : *kv) {
      const auto n = parse_int(v);
      if (k == "pile" && n && *n >= 1 && *n <= 1000) r.pile = static_cast<int>(*n);
      else if (k == "max_take" && n && *n >= 1 && *n <= 9) r.max_take = static_cast<int>(*n);
      else return make_error("bad Nim rule '" + k + "=" + v + "'");
    }
    return r;
  }
  static std::string rules_to_text(const Rules& r) {
    return "pile=" + std::to_string(r.pile) + ",max_take=" + std::to_string(r.max_take);
  }
  static std::string render(const Position& p, const Move*, bool) { return std::string(static_cast<std::size_t>(p.left), '|'); }
  static Result<std::vector<GameRecord>> read_records(std::string_view text) { return read_pgn_records(text); }
  static std::string write_record(const GameRecord& r, const Rules&, const Position&) { return write_pgn_record(r); }

  // Search: a multiple of (max_take + 1) left to the mover is lost; the evaluation knows nothing.
  static int evaluate(const Position&, const Params&) { return 0; }
  static Result<Params> parse_eval_params(std::string_view) { return Params{}; }
};
static_assert(GameTraits<Nim>);

void register_nim() {
  static std::once_flag once;
  std::call_once(once, [] {
    register_builtin_games();
    GameDeclaration d;
    d.rules = std::make_unique<AdapterImpl<Nim>>();
    d.protocol = Protocol::Uci;
    d.uci_variant = "nim";
    d.engine_kind = EngineKind::AlphaBeta;
    d.engine_name = search::AlphaBetaEngine<Nim>::engine_name();
    d.make_engine = [] { return std::make_unique<search::AlphaBetaEngine<Nim>>(); };
    d.levels = search::alphabeta_levels();
    register_game(std::move(d));
  });
}

class ExtraGame : public ::testing::Test {
 protected:
  void SetUp() override { register_nim(); }
};

TEST_F(ExtraGame, IsFoundByNameAndPerftCountsItsTree) {
  const GameEntry* g = find_game("nim");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->title(), "Nim");
  EXPECT_EQ(g->side_name(Side::Second), "second");
  // Pile 4, take 1..3: 3 moves, then 3 + 2 + 1 sequences of two plies (from 3, 2 and 1 stones).
  auto one = g->perft("pile=4", "", PerftOptions{1, 1, false}, {});
  auto two = g->perft("pile=4", "", PerftOptions{2, 1, false}, {});
  ASSERT_TRUE(one.ok() && two.ok());
  EXPECT_EQ(*one, 3u);
  EXPECT_EQ(*two, 6u);
  EXPECT_FALSE(g->perft("pile=x", "", PerftOptions{1, 1, false}, {}).ok());
}

TEST_F(ExtraGame, TheEngineFromItsDeclarationPlaysTheWinningMove) {
  const GameEntry* g = find_game("nim");
  auto st = g->new_game("pile=10", "");
  ASSERT_TRUE(st.ok());
  SearchLimits lim;
  lim.depth = 12;
  // From 10, taking 2 leaves 8, a multiple of 4: the only winning move.
  EXPECT_EQ(g->make_engine()->search(**st, lim, {}, nullptr).best_move, "2");
}

TEST_F(ExtraGame, TheMatchRunnerRefereesIt) {
  match::MatchOptions o;
  o.game = "nim";
  o.rules = "pile=13";
  o.engines[0] = *match::parse_player_spec("builtin:depth=14");
  o.engines[1] = *match::parse_player_spec("builtin:level=0");
  o.games = 4;
  auto r = match::run_match(o, {});
  ASSERT_TRUE(r.ok()) << r.error();
  // 13 is not a multiple of 4: whoever moves first from it wins with best play, and the full
  // search plays best; from the other colour it wins whenever the random side errs.
  EXPECT_EQ(r->wins + r->losses + r->draws, 4);
  EXPECT_GE(r->wins, 2);
}

TEST_F(ExtraGame, SpeaksUciAsItsOwnVariant) {
  std::istringstream in(
      "uci\nsetoption name UCI_Variant value nim\nposition fen 6 f moves 1\ngo depth 10\nposition fen 5 f\ngo depth 3\nquit\n");
  std::ostringstream out;
  protocol::run_uci(in, out);
  const std::string text = out.str();
  EXPECT_NE(text.find(" var nim"), std::string::npos) << text;
  EXPECT_NE(text.find("info string variant nim startpos 21 f"), std::string::npos) << text;
  // From 5 (second to move after one stone), take 1 to leave 4.
  EXPECT_NE(text.find("bestmove 1"), std::string::npos) << text;
}

TEST_F(ExtraGame, IsPlayedOverTheServerApi) {
  const auto dir = std::filesystem::temp_directory_path() / ("oyin-nim-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto store = storage::GameStore::open((dir / "games.sqlite").string());
  ASSERT_TRUE(store.ok()) << store.error();
  {
    boost::asio::thread_pool pool(1);
    server::GameService games(**store, pool);
    server::AnalysisService analysis(server::AnalysisLimits{});
    server::Api api(games, analysis, dir.string());
    const auto call = [&](std::string method, std::string target, std::string body) {
      std::promise<server::HttpResponse> done;
      server::HttpRequest req;
      req.method = std::move(method);
      req.target = std::move(target);
      req.body = std::move(body);
      req.host = "127.0.0.1";
      api.handle(req, [&](server::HttpResponse r) { done.set_value(std::move(r)); });
      const server::HttpResponse r = done.get_future().get();
      return std::pair{r.status, nlohmann::json::parse(r.body, nullptr, false)};
    };
    auto [meta_status, meta] = call("GET", "/api/meta", "");
    EXPECT_EQ(meta_status, 200);
    EXPECT_NE(meta.dump().find("\"nim\""), std::string::npos);
    auto [created_status, created] =
        call("POST", "/api/games", R"({"game":"nim","mode":"hotseat","rules":{"pile":5,"max_take":2}})");
    ASSERT_EQ(created_status, 201) << created.dump();
    const std::string id = created["id"], token = created["seat"]["token"];
    EXPECT_EQ(created["state"]["legal_moves"], nlohmann::json({"1", "2"}));
    for (const char* take : {"2", "2"}) {
      auto [s, st] = call("POST", "/api/games/" + id + "/moves", std::string(R"({"move":")") + take + R"(","token":")" + token + "\"}");
      ASSERT_EQ(s, 200) << st.dump();
    }
    auto [bad_status, bad] = call("POST", "/api/games/" + id + "/moves", R"({"move":"3","token":")" + token + "\"}");
    EXPECT_EQ(bad_status, 422) << bad.dump();
    auto [s, last] = call("POST", "/api/games/" + id + "/moves", R"({"move":"1","token":")" + token + "\"}");
    ASSERT_EQ(s, 200);
    EXPECT_EQ(last["status"], "finished");
    EXPECT_EQ(last["result"], "1-0");  // the first player took the fifth and last stone
    auto [record_status, record] = call("GET", "/api/games/" + id + "/record", "");
    EXPECT_EQ(record_status, 200);
    games.stop_all();
    pool.join();
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace oyin::nim
