// oyin play <game>: a terminal game against the computer (or two people with --hotseat).
#include <unistd.h>

#include <fstream>
#include <iostream>

#include "cli/common.h"
#include "core/text.h"
#include "registry/computer_move.h"
#include "search/engine.h"

namespace oyin::cli {

namespace {

struct PlayOpts {
  std::string game, as, fen, rules;  // empty `as`: the side that moves first
  int level = 5;
  std::uint64_t seed = 0;
  bool hotseat = false, no_color = false;
};

const char* kPlayHelp =
    "Type a move in the game's notation, or one of:\n"
    "  moves         list the legal moves\n"
    "  undo          take back your last move (and the computer's reply)\n"
    "  save FILE     write the game so far as a record (PGN or SGF, as the game records)\n"
    "  board         draw the board again\n"
    "  resign        give up the game\n"
    "  quit          leave\n";

int run_play(const PlayOpts& o) {
  const GameEntry& g = game_or_fail(o.game);
  auto created = g.new_game(o.rules, o.fen);
  if (!created) throw UsageError(created.error());
  std::unique_ptr<GameState> st = std::move(*created);
  const std::string first = g.side_name(Side::First), second = g.side_name(Side::Second);
  Side human;
  if (o.as.empty() || o.as == first) human = Side::First;
  else if (o.as == second) human = Side::Second;
  else throw UsageError("--as must be " + first + " or " + second + ", not '" + o.as + "'");
  const bool color = !o.no_color && isatty(STDOUT_FILENO);
  Rng rng(o.seed ? o.seed : static_cast<std::uint64_t>(time(nullptr)));
  std::string resigned;

  std::cout << g.title() << " — you play " << (o.hotseat ? "both sides" : g.side_name(human))
            << ". Type 'help' for commands.\n";
  // The server's computer player: the shipped book at the levels that use one, for a game whose
  // book passed its SPRT.
  std::unique_ptr<Engine> engine = make_computer_engine(g);
  if (!o.hotseat) std::cout << "Computer: " << engine->name() << ", level " << o.level << ".\n";
  std::cout << "\n" << st->render(color);
  while (true) {
    const GameStatus s = st->status();
    if (s.over() || !resigned.empty()) {
      if (!resigned.empty()) std::cout << "\n" << resigned << " resigns.\n";
      else if (s.outcome == Outcome::Draw) std::cout << "\nGame over: draw (" << s.reason << ").\n";
      else std::cout << "\nGame over: " << g.side_name(s.winner) << " wins (" << s.reason << ").\n";
      std::cout << "Type 'save FILE', 'undo' or 'quit'.\n";
    } else if (!o.hotseat && st->side_to_move() != human) {
      SearchLimits limits;
      limits.level = o.level;
      limits.seed = rng.next();
      const std::string mv = engine->search(*st, limits, {}, nullptr).best_move;
      auto rec = st->play(mv);
      std::cout << "\nComputer plays " << (rec ? *rec : mv) << "\n\n" << st->render(color);
      continue;
    }
    std::cout << (s.over() || !resigned.empty() ? "> " : g.side_name(st->side_to_move()) + " to move> ")
              << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) {
      std::cout << "\n";
      return 0;
    }
    const auto words = split_ws(line);
    if (words.empty()) continue;
    const std::string cmd = to_lower(words[0]);
    if (cmd == "quit" || cmd == "exit") return 0;
    if (cmd == "help" || cmd == "?") {
      std::cout << kPlayHelp;
    } else if (cmd == "board") {
      std::cout << st->render(color);
    } else if (cmd == "moves") {
      std::string all;
      for (const auto& m : st->legal_moves()) all += m + " ";
      std::cout << (all.empty() ? "no legal moves" : all) << "\n";
    } else if (cmd == "undo") {
      if (!resigned.empty()) {
        resigned.clear();
      } else {
        bool any = st->undo();
        // Take back the computer's reply too, so it is the human's turn again.
        if (!o.hotseat) while (any && st->side_to_move() != human && st->undo()) {}
        if (!any) std::cout << "nothing to undo\n";
      }
      std::cout << st->render(color);
    } else if (cmd == "save") {
      if (words.size() != 2) {
        std::cout << "usage: save FILE\n";
        continue;
      }
      GameRecord meta;
      meta.tags = {{"Event", "oyin play"}, {first == "white" ? "White" : "Black", o.hotseat || human == Side::First ? "human" : "oyin"},
                   {first == "white" ? "Black" : "White", o.hotseat || human == Side::Second ? "human" : "oyin"}};
      if (!st->rules_text().empty()) meta.tags.emplace_back("Rules", st->rules_text());
      if (!resigned.empty()) meta.result = resigned == first ? "0-1" : "1-0";
      std::ofstream out{std::string(words[1])};
      out << st->write_record(meta);
      std::cout << (out ? "saved " + std::string(words[1]) : "cannot write " + std::string(words[1])) << "\n";
    } else if (cmd == "resign") {
      resigned = g.side_name(o.hotseat ? st->side_to_move() : human);
    } else if (st->status().over() || !resigned.empty()) {
      std::cout << "the game is over\n";
    } else {
      auto rec = st->play(line);
      if (!rec) std::cout << rec.error() << " (type 'moves' for the legal moves)\n";
      else std::cout << "\n" << st->render(color);
    }
  }
}

}  // namespace

void add_play_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<PlayOpts>();
  auto* cmd = app.add_subcommand("play", "Play a game in the terminal against the computer");
  cmd->add_option("game", o->game, "Game: " + game_names())->required();
  cmd->add_option("--as", o->as, "Your side (white or black; default: the side that moves first)");
  cmd->add_option("--level", o->level, "Computer strength " + levels_text())->check(whole_number(kMinLevel, kMaxLevel));
  cmd->add_option("--fen,--position", o->fen, "Start from this position");
  cmd->add_option("--rules", o->rules, "Rule options as key=value,key=value");
  cmd->add_option("--seed", o->seed, "Random seed for the computer's moves")->check(any_seed());
  cmd->add_flag("--hotseat", o->hotseat, "Two people at one keyboard, no computer");
  cmd->add_flag("--no-color", o->no_color, "Plain text, no terminal colours");
  cmd->callback([o, &exit_code] {
    exit_code = run_play(*o);
  });
}

}  // namespace oyin::cli
