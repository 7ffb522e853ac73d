// oyin replay <game> FILE: checks every recorded game move by move against our rules.
#include <iostream>

#include "cli/common.h"

namespace oyin::cli {

void add_replay_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::string game, file, rules;
    bool quiet = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("replay", "Replay every game of a record file and check it against the rules");
  cmd->add_option("game", o->game, "Game: " + game_names())->required();
  cmd->add_option("file", o->file, "Record file (the game's record format: PGN or SGF)")->required();
  cmd->add_option("--rules", o->rules, "Rule options, when the records do not carry them");
  cmd->add_flag("-q,--quiet", o->quiet, "Print only the games that fail");
  cmd->callback([o, &exit_code] {
    const GameAdapter& g = game_or_fail(o->game);
    const std::string text = read_file_or_fail(o->file);
    auto records = g.read_records(text);
    if (!records) throw UsageError(o->file + ": " + records.error());
    int ok = 0, illegal = 0, mismatch = 0, n = 0;
    for (const GameRecord& r : *records) {
      ++n;
      std::string rules = r.tag("Rules");
      if (rules.empty()) rules = o->rules;
      auto game = g.new_game(rules, r.tag("FEN"));
      if (!game) {
        ++illegal;
        std::cout << "game " << n << " (line " << r.line << "): bad set-up: " << game.error() << "\n";
        continue;
      }
      auto& st = **game;
      bool bad = false;
      for (std::size_t ply = 0; ply < r.moves.size(); ++ply) {
        std::string why;
        if (st.status().over()) why = "the game is already over (" + st.status().reason + ")";
        else if (auto m = st.play(r.moves[ply]); !m) why = m.error();
        if (!why.empty()) {
          std::cout << "game " << n << " (line " << r.line << "): illegal at ply " << ply + 1 << " '"
                    << r.moves[ply] << "': " << why << "\n";
          ++illegal;
          bad = true;
          break;
        }
      }
      if (bad) continue;
      const GameStatus s = st.status();
      // A record with no result at all (no Result tag, "*") has nothing to compare.
      const bool no_result = r.result == "*" && r.tag("Result").empty();
      if (s.over() && !no_result && result_text(s) != r.result) {
        std::cout << "game " << n << " (line " << r.line << "): result mismatch: recorded " << r.result
                  << ", the rules give " << result_text(s) << " (" << s.reason << ")\n";
        ++mismatch;
        continue;
      }
      if (const std::string why = st.check_recorded_result(r); !why.empty()) {
        std::cout << "game " << n << " (line " << r.line << "): result mismatch: " << why << "\n";
        ++mismatch;
        continue;
      }
      ++ok;
      if (!o->quiet) std::cout << "game " << n << ": OK\n";
    }
    std::cout << "games: " << n << " ok: " << ok << " illegal: " << illegal
              << " result-mismatch: " << mismatch << std::endl;
    exit_code = (illegal || mismatch) ? 1 : 0;
  });
}

}  // namespace oyin::cli
