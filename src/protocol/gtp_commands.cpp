// The GTP commands of GtpEngine (gtp.h) as a table: a name and the function that runs it. The
// table's order is list_commands' order; known_command and dispatch() read the same table.
#include <array>
#include <charconv>

#include "core/file.h"
#include "core/text.h"
#include "protocol/gtp.h"

namespace oyin::protocol {

using namespace oyin::capgo;

struct GtpCommands {
  using Args = std::vector<std::string>;
  using Run = bool (*)(GtpEngine&, const Args&, std::string& out);
  struct Command {
    std::string_view name;
    Run run;
  };

  // ---- Helpers: each sets `out` to the message and returns false when the argument is bad.
  static bool fail(std::string& out, std::string msg) {
    out = std::move(msg);
    return false;
  }
  static bool need(const Args& args, std::size_t n, const char* usage, std::string& out) {
    if (args.size() == n) return true;
    return fail(out, std::string("wrong number of arguments (usage: ") + usage + ")");
  }
  // GTP colour argument: b, w, black, white (any case). Colours that must be the side to move
  // are checked by the caller: this engine keeps strict alternation, as the capture counts,
  // passes and superko all belong to one sequence of moves.
  static bool side_arg(const std::string& s, int& color, std::string& out) {
    const std::string c = to_lower(s);
    color = c == "b" || c == "black" ? 0 : c == "w" || c == "white" ? 1 : -1;
    return color >= 0 || fail(out, "invalid color '" + s + "'");
  }
  static bool point_arg(const Position& pos, const std::string& s, int& point, std::string& out) {
    auto xy = parse_point(s, pos.size);
    if (!xy) return fail(out, "invalid coordinate: " + xy.error());
    point = pos.index(xy->first, xy->second);
    return true;
  }
  // Legality for either colour: the other colour is asked about as if it were to move.
  static Position position_for(const Position& pos, int color) {
    Position p = pos;
    p.to_move = static_cast<std::uint8_t>(color);
    return p;
  }
  static void append_word(std::string& out, std::string_view word, char sep = ' ') {
    if (!out.empty()) out += sep;
    out += word;
  }
  static const char* color_name(int c) { return c == 0 ? "black" : "white"; }

  // ---- Identification and the command list.
  static bool protocol_version(GtpEngine&, const Args&, std::string& out) {
    out = std::string("2");  // a std::string: GCC 12 misreads the literal's copy (-Wrestrict)
    return true;
  }
  static bool name(GtpEngine& e, const Args&, std::string& out) {
    out = e.options_.level >= 0 ? "oyin" : "oyin (random mover, no AI yet)";
    return true;
  }
  static bool version(GtpEngine& e, const Args&, std::string& out) {
    out = e.options_.version;
    return true;
  }
  static bool known_command(GtpEngine& e, const Args& args, std::string& out) {
    if (!need(args, 1, "known_command COMMAND", out)) return false;
    out = "false";
    for (const Command& c : kTable)
      if (args[0] == c.name) out = "true";
    if (args[0] == "lz-analyze" && e.options_.level >= 0) out = "true";  // served by run(), around dispatch()
    return true;
  }
  static bool list_commands(GtpEngine& e, const Args&, std::string& out) {
    for (const Command& c : kTable) append_word(out, c.name, '\n');
    if (e.options_.level >= 0) append_word(out, "lz-analyze", '\n');
    return true;
  }
  static bool quit(GtpEngine& e, const Args&, std::string&) {
    e.quit_ = true;
    return true;
  }

  // ---- The board and the rules.
  static bool boardsize(GtpEngine& e, const Args& args, std::string& out) {
    if (!need(args, 1, "boardsize SIZE", out)) return false;
    const auto n = parse_int(args[0]);
    if (!n) return fail(out, "boardsize not an integer");
    if (*n < kMinSize || *n > kMaxSize) return fail(out, "unacceptable size (2..19)");
    Rules r = e.rules_;
    r.size = static_cast<int>(*n);
    for (const auto& s : r.setup)
      if (s.x >= r.size || s.y >= r.size) return fail(out, "unacceptable size (the setup stones do not fit)");
    if (auto st = e.set_rules(r); !st) return fail(out, "unacceptable size: " + st.error());
    return true;
  }
  static bool clear_board(GtpEngine& e, const Args&, std::string&) {
    e.clear_board();
    return true;
  }
  static bool komi(GtpEngine& e, const Args& args, std::string& out) {
    if (!need(args, 1, "komi VALUE", out)) return false;
    const std::string& v = args[0];
    double k = 0;
    const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), k);
    if (ec != std::errc() || ptr != v.data() + v.size()) return fail(out, "komi not a float");
    e.komi_ = k;  // accepted for compatibility; capture Go has no komi
    return true;
  }
  static bool set_rules(GtpEngine& e, const Args& args, std::string& out) {
    std::string text;
    for (const auto& a : args) append_word(text, a, ',');
    auto rules = CaptureGo::parse_rules(text);
    if (!rules) return fail(out, rules.error());
    if (auto st = e.set_rules(*rules); !st) return fail(out, st.error());
    out = rules_to_text(e.rules_);
    return true;
  }

  // ---- Moves.
  static bool play(GtpEngine& e, const Args& args, std::string& out) {
    if (!need(args, 2, "play COLOR VERTEX", out)) return false;
    const Position& pos = e.pos_;
    int color = 0;
    if (!side_arg(args[0], color, out)) return false;
    if (is_over(pos)) return fail(out, "illegal move: the game is over (" + status(pos).reason + ")");
    if (color != pos.to_move) return fail(out, std::string("illegal move: it is ") + color_name(pos.to_move) + "'s turn");
    const std::string v = to_lower(args[1]);
    if (v == "resign") return fail(out, "illegal move: resign is not a move in GTP");
    if (int point = 0; v != "pass" && !point_arg(pos, args[1], point, out)) return false;
    auto m = parse_move(pos, args[1]);
    if (!m) return fail(out, "illegal move: " + m.error());
    e.play_move(*m);
    return true;
  }
  // The level's MCTS, or (level -1) a random legal move that is not a pass while a stone can be
  // placed: a random passer would end games at random.
  static Move chosen_move(GtpEngine& e) {
    const Position& pos = e.pos_;
    if (e.options_.level >= 0) {
      // The engine's tree lives as long as this session, so consecutive moves reuse it.
      if (!e.mcts_) e.mcts_ = std::make_unique<CapgoMcts>();
      SearchLimits l;
      l.level = e.options_.level;
      l.seed = e.rng_.next();
      l.nodes = e.options_.playouts;
      l.threads = e.options_.threads;
      const SearchResult r = capgo_search(*e.mcts_, pos, l, {}, nullptr);
      auto m = parse_move(pos, r.best_move);
      return m && !r.best_move.empty() ? *m : kPass;
    }
    capgo::MoveList list;
    generate_moves(pos, list);
    int points = 0;
    for (Move m : list) points += !(m == kPass);
    if (!points) return kPass;
    int k = static_cast<int>(e.rng_.below(static_cast<std::uint32_t>(points)));
    for (Move m : list)
      if (!(m == kPass) && k-- == 0) return m;
    return kPass;
  }
  static bool genmove(GtpEngine& e, const Args& args, std::string& out) {
    if (!need(args, 1, "genmove COLOR", out)) return false;
    int color = 0;
    if (!side_arg(args[0], color, out)) return false;
    if (is_over(e.pos_)) return fail(out, "the game is over (" + status(e.pos_).reason + ")");
    if (color != e.pos_.to_move) return fail(out, std::string("it is ") + color_name(e.pos_.to_move) + "'s turn");
    const Move chosen = chosen_move(e);
    out = move_to_text(e.pos_, chosen);
    e.play_move(chosen);
    return true;
  }
  static bool undo(GtpEngine& e, const Args& args, std::string& out) {
    if (!need(args, 0, "undo", out)) return false;
    if (e.moves_.empty()) return fail(out, "cannot undo");
    capgo::undo(e.pos_, e.moves_.back(), e.undos_.back());
    e.moves_.pop_back();
    e.undos_.pop_back();
    e.move_texts_.pop_back();
    return true;
  }

  // ---- Questions about the position.
  static bool showboard(GtpEngine& e, const Args&, std::string& out) {
    std::string board = render(e.pos_, e.moves_.empty() ? nullptr : &e.moves_.back(), false);
    while (!board.empty() && board.back() == '\n') board.pop_back();
    out = "\n" + board;
    return true;
  }
  static bool is_legal(GtpEngine& e, const Args& args, std::string& out) {
    if (!need(args, 2, "is_legal COLOR VERTEX", out)) return false;
    int color = 0, point = 0;
    if (!side_arg(args[0], color, out)) return false;
    const Position p = position_for(e.pos_, color);
    if (to_lower(args[1]) == "pass") {
      out = std::string(!is_over(p) && p.pass_allowed ? "1" : "0");
      return true;
    }
    if (!point_arg(e.pos_, args[1], point, out)) return false;
    out = std::string(!is_over(e.pos_) && capgo::is_legal(p, point) ? "1" : "0");
    return true;
  }
  static bool all_legal(GtpEngine& e, const Args& args, std::string& out) {
    if (!need(args, 1, "all_legal COLOR", out)) return false;
    int color = 0;
    if (!side_arg(args[0], color, out)) return false;
    if (is_over(e.pos_)) return true;
    const Position p = position_for(e.pos_, color);
    capgo::MoveList list;
    generate_moves(p, list);
    for (Move m : list)
      if (!(m == kPass)) append_word(out, move_to_text(p, m));
    return true;
  }
  static bool captures(GtpEngine& e, const Args& args, std::string& out) {
    if (!need(args, 1, "captures COLOR", out)) return false;
    int color = 0;
    if (!side_arg(args[0], color, out)) return false;
    out = std::to_string(e.pos_.captures[color]);
    return true;
  }
  static bool final_score(GtpEngine& e, const Args&, std::string& out) {
    out = sgf_result(e.pos_);
    if (out.empty()) {  // still going: the capture lead so far
      const int d = e.pos_.captures[0] - e.pos_.captures[1];
      out = d == 0 ? "0" : (d > 0 ? "B+" : "W+") + std::to_string(d > 0 ? d : -d);
    }
    return true;
  }

  // ---- Game records.
  static bool loadsgf(GtpEngine& e, const Args& args, std::string& out) {
    if (args.empty() || args.size() > 2) return fail(out, "wrong number of arguments (usage: loadsgf FILE [MOVE_NUMBER])");
    const auto text = read_text_file(args[0]);
    if (!text) return fail(out, "cannot load file: " + text.error());
    auto recs = read_sgf(*text);
    if (!recs) return fail(out, "cannot load file: " + recs.error());
    long long upto = -1;
    if (args.size() == 2) {
      const auto n = parse_int(args[1]);
      if (!n || *n < 1) return fail(out, "move number must be a whole number from 1");
      upto = *n - 1;  // the position before that move is played
    }
    const GameRecord& r = recs->front();
    auto rules = CaptureGo::parse_rules(r.tag("Rules"));
    if (!rules) return fail(out, "cannot load file: " + rules.error());
    const Rules old_rules = e.rules_;
    if (auto st = e.set_rules(*rules); !st) return fail(out, "cannot load file: " + st.error());
    if (!r.tag("FEN").empty()) {
      auto p = capgo::parse_position(r.tag("FEN"), e.rules_);
      if (!p) {
        (void)e.set_rules(old_rules);
        return fail(out, "cannot load file: " + p.error());
      }
      e.start_ = e.pos_ = *p;
    }
    for (std::size_t i = 0; i < r.moves.size() && (upto < 0 || static_cast<long long>(i) < upto); ++i) {
      auto m = parse_move(e.pos_, r.moves[i]);
      if (!m) {
        (void)e.set_rules(old_rules);
        return fail(out, "cannot load file: move " + std::to_string(i + 1) + " " + r.moves[i] + ": " + m.error());
      }
      e.play_move(*m);
    }
    return true;
  }
  static bool printsgf(GtpEngine& e, const Args& args, std::string& out) {
    if (!need(args, 0, "printsgf", out)) return false;
    out = e.sgf_text();
    return true;
  }

  // ---- GoGui's rules commands (GoGui as a board for our rules).
  static bool gogui_game_id(GtpEngine&, const Args&, std::string& out) {
    out = "CaptureGo";
    return true;
  }
  static bool gogui_board(GtpEngine& e, const Args&, std::string& out) {
    out = e.board_rows();
    return true;
  }
  static bool gogui_board_size(GtpEngine& e, const Args&, std::string& out) {
    out = std::to_string(e.pos_.size);
    return true;
  }
  static bool gogui_legal_moves(GtpEngine& e, const Args&, std::string& out) {
    if (is_over(e.pos_)) return true;  // an empty list tells GoGui the game is over
    capgo::MoveList list;
    generate_moves(e.pos_, list);
    for (Move m : list) append_word(out, move_to_text(e.pos_, m));
    return true;
  }
  static bool gogui_side_to_move(GtpEngine& e, const Args&, std::string& out) {
    out = color_name(e.pos_.to_move);
    return true;
  }
  static bool gogui_final_result(GtpEngine& e, const Args&, std::string& out) {
    const GameStatus st = status(e.pos_);
    out = !st.over() ? "unknown" : st.outcome == Outcome::Draw ? "draw" : color_name(index(st.winner));
    return true;
  }
  static bool gogui_captured_count(GtpEngine& e, const Args&, std::string& out) {
    // GoGui counts captured stones by colour: black stones taken (by White), then white ones.
    out = std::to_string(e.pos_.captures[1]) + " " + std::to_string(e.pos_.captures[0]);
    return true;
  }

  static constexpr std::array<Command, 27> kTable = {{
      {"protocol_version", protocol_version},
      {"name", name},
      {"version", version},
      {"known_command", known_command},
      {"list_commands", list_commands},
      {"quit", quit},
      {"boardsize", boardsize},
      {"clear_board", clear_board},
      {"komi", komi},
      {"play", play},
      {"genmove", genmove},
      {"undo", undo},
      {"showboard", showboard},
      {"is_legal", is_legal},
      {"all_legal", all_legal},
      {"captures", captures},
      {"final_score", final_score},
      {"loadsgf", loadsgf},
      {"printsgf", printsgf},
      {"gogui-rules_game_id", gogui_game_id},
      {"gogui-rules_board", gogui_board},
      {"gogui-rules_board_size", gogui_board_size},
      {"gogui-rules_legal_moves", gogui_legal_moves},
      {"gogui-rules_side_to_move", gogui_side_to_move},
      {"gogui-rules_final_result", gogui_final_result},
      {"gogui-rules_captured_count", gogui_captured_count},
      {"oyin-set_rules", set_rules},
  }};
};

bool GtpEngine::dispatch(const std::string& cmd, const std::vector<std::string>& args, std::string& out) {
  for (const GtpCommands::Command& c : GtpCommands::kTable)
    if (c.name == cmd) return c.run(*this, args, out);
  out = "unknown command";
  return false;
}

}  // namespace oyin::protocol
