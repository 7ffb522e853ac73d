// oyin explore GAME [--position P | --moves "M ..."]: the opening explorer on the command line,
// the moves the game base played from a position with their results and the engine's view.
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "cli/common.h"
#include "knowledge/explorer.h"

namespace oyin::cli {

namespace {

std::string percent(std::int64_t part, std::int64_t whole) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
  return buf;
}

std::string eval_text(const std::optional<knowledge::MoveEval>& e) {
  if (!e) return "";
  if (e->is_mate) return e->mate_in > 0 ? "win in " + std::to_string(e->mate_in) : "loss in " + std::to_string(-e->mate_in);
  char buf[16];
  std::snprintf(buf, sizeof buf, "%+.2f", e->score_cp / 100.0);
  return buf;
}

std::string pad(const std::string& s, std::size_t w, bool right) {
  if (s.size() >= w) return s;
  return right ? std::string(w - s.size(), ' ') + s : s + std::string(w - s.size(), ' ');
}

}  // namespace

void add_explore_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::string game, position, moves, rules, source, db = "data/oyin.sqlite";
    int eval_depth = 4;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("explore", "Opening explorer: the moves the game base played from a position");
  cmd->add_option("game", o->game, "Game: " + game_names())->required();
  cmd->add_option("--position", o->position, "Position text (default: the start position)");
  cmd->add_option("--moves", o->moves, "Moves played from the position first, space-separated");
  cmd->add_option("--rules", o->rules, "Rule options (default: the game's defaults)");
  cmd->add_option("--db", o->db, "Database with the game base (oyin import): a SQLite file or a postgresql:// URL")->capture_default_str();
  cmd->add_option("--source", o->source, "Only the games of this source (as given to oyin import)");
  cmd->add_option("--eval-depth", o->eval_depth, "Depth of the engine's search of each move (0 = none)")
      ->capture_default_str()->check(whole_number(0, knowledge::kMaxEvalDepth));
  cmd->add_flag("--json", o->json, "Print the answer as JSON (as GET /api/explorer does)");
  cmd->callback([o, &exit_code] {
    const GameEntry& g = game_or_fail(o->game);
    if (!storage::is_postgres_url(o->db) && !std::filesystem::exists(o->db))
      throw UsageError("no database '" + o->db + "' (import games with oyin import)");
    auto store = storage::KnowledgeStore::open(o->db);
    if (!store) throw UsageError(store.error());
    knowledge::ExplorerQuery q{o->rules, o->position, o->moves, o->source, o->eval_depth};
    std::unique_ptr<Engine> engine = o->eval_depth > 0 ? g.make_engine() : nullptr;
    auto a = knowledge::explore(**store, g, q, engine.get());
    if (!a) throw UsageError(a.error());
    if (o->json) {
      std::cout << knowledge::explorer_json(*a).dump(2) << "\n";
      exit_code = 0;
      return;
    }
    char key[17];
    std::snprintf(key, sizeof key, "%016llx", static_cast<unsigned long long>(a->key));
    std::cout << g.title() << ", " << a->sides[index(a->to_move)] << " to move: " << a->position << "\n"
              << "position key " << key << (o->source.empty() ? "" : ", source " + o->source) << ": "
              << a->total.games << " game" << (a->total.games == 1 ? "" : "s");
    if (const int r = knowledge::average_rating(a->total)) std::cout << ", average rating " << r;
    std::cout << "\n";
    if (a->moves.empty()) {
      std::cout << (a->over ? "The game is over here.\n" : "No game of the base reached this position.\n");
      exit_code = 0;
      return;
    }
    const std::string eval_head = o->eval_depth ? "eval (depth " + std::to_string(o->eval_depth) + ")" : "";
    std::cout << "\n" << pad("move", 8, false) << pad("games", 7, true) << pad("share", 8, true)
              << pad(a->sides[0], 8, true) << pad("draws", 8, true) << pad(a->sides[1], 8, true)
              << pad("rating", 8, true) << "  " << eval_head << "\n";
    for (const auto& m : a->moves) {
      const int r = knowledge::average_rating(m.counts);
      std::cout << pad(m.move, 8, false) << pad(std::to_string(m.counts.games), 7, true)
                << pad(percent(m.counts.games, a->total.games), 8, true)
                << pad(percent(m.counts.first_wins, m.counts.games), 8, true)
                << pad(percent(m.counts.draws, m.counts.games), 8, true)
                << pad(percent(m.counts.second_wins, m.counts.games), 8, true)
                << pad(r ? std::to_string(r) : "-", 8, true) << "  " << eval_text(m.eval) << "\n";
    }
    exit_code = 0;
  });
}

}  // namespace oyin::cli
