#include "protocol/gtp.h"

#include <cctype>
#include <charconv>
#include <istream>
#include <ostream>

#include "core/file.h"
#include "core/text.h"
#include "protocol/gtp_analyze.h"
#include "search/capgo/mcts_engine.h"

namespace oyin::protocol {

namespace {

using namespace oyin::capgo;

constexpr const char* kCommands[] = {
    "protocol_version", "name", "version", "known_command", "list_commands", "quit", "boardsize", "clear_board",
    "komi", "play", "genmove", "undo", "showboard", "is_legal", "all_legal", "captures", "final_score",
    "loadsgf", "printsgf", "gogui-rules_game_id", "gogui-rules_board", "gogui-rules_board_size",
    "gogui-rules_legal_moves", "gogui-rules_side_to_move", "gogui-rules_final_result",
    "gogui-rules_captured_count", "oyin-set_rules"};

// GTP colour argument: b, w, black, white (any case); -1 when it is none of them.
int parse_color(const std::string& s) {
  const std::string c = to_lower(s);
  if (c == "b" || c == "black") return 0;
  if (c == "w" || c == "white") return 1;
  return -1;
}

void append_word(std::string& out, std::string_view word, char sep = ' ') {
  if (!out.empty()) out += sep;
  out += word;
}

const char* color_name(int c) { return c == 0 ? "black" : "white"; }

// The GTP spec's preprocessing: control characters dropped, tabs to spaces, comments cut.
std::string preprocess(std::string_view line) {
  std::string out;
  for (char ch : line) {
    if (ch == '#') break;
    if (ch == '\t') out += ' ';
    else if (static_cast<unsigned char>(ch) >= 32 && ch != 127) out += ch;
  }
  return std::string(trim(out));
}

}  // namespace

GtpEngine::GtpEngine(const GtpOptions& options, Rules rules)
    : options_(options), rules_(std::move(rules)), rng_(options.seed) {
  clear_board();
}

Result<GtpEngine> GtpEngine::create(const GtpOptions& options) {
  auto rules = CaptureGo::parse_rules(options.rules);
  if (!rules) return make_error(rules.error());
  return GtpEngine(options, *rules);
}

Status GtpEngine::set_rules(const Rules& rules) {
  auto start = make_start(rules);
  if (!start) return make_error(start.error());
  rules_ = rules;
  clear_board();
  return Ok{};
}

void GtpEngine::clear_board() {
  start_ = CaptureGo::start_position(rules_);
  pos_ = start_;
  moves_.clear();
  undos_.clear();
  move_texts_.clear();
}

void GtpEngine::play_move(Move m) {
  move_texts_.push_back(move_to_text(pos_, m));
  moves_.push_back(m);
  undos_.emplace_back();
  capgo::play(pos_, m, undos_.back());
}

std::string GtpEngine::board_rows() const {
  std::string out;
  for (int y = pos_.size - 1; y >= 0; --y) {
    for (int x = 0; x < pos_.size; ++x) {
      const int c = pos_.color[pos_.index(x, y)];
      out += c == kBlack ? 'X' : c == kWhite ? 'O' : '.';
    }
    if (y) out += '\n';
  }
  return out;
}

std::string GtpEngine::sgf_text() const {
  GameRecord meta;
  meta.moves = move_texts_;
  meta.tags = {{"Event", "oyin gtp"}};
  std::string s = write_sgf(meta, rules_, start_);
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

std::string GtpEngine::handle_line(std::string_view raw) {
  const std::string line = preprocess(raw);
  if (line.empty()) return "";
  std::vector<std::string> words;
  for (auto w : split_ws(line)) words.emplace_back(w);
  std::string id;
  if (std::isdigit(static_cast<unsigned char>(words[0][0]))) {
    const auto n = parse_int(words[0]);
    if (!n || *n < 0) return "? invalid command id '" + words[0] + "'\n\n";
    id = words[0];
    words.erase(words.begin());
    if (words.empty()) return "?" + id + " no command after the id\n\n";
  }
  const std::string cmd = words[0];
  words.erase(words.begin());
  std::string out;
  const bool ok = dispatch(cmd, words, out);
  return (ok ? "=" : "?") + id + " " + out + "\n\n";
}

bool GtpEngine::dispatch(const std::string& cmd, const std::vector<std::string>& args, std::string& out) {
  auto fail = [&](std::string msg) {
    out = std::move(msg);
    return false;
  };
  auto need = [&](std::size_t n, const char* usage) {
    if (args.size() == n) return true;
    out = std::string("wrong number of arguments (usage: ") + usage + ")";
    return false;
  };
  // Colour argument that must be the side to move: this engine keeps strict alternation, as
  // the capture counts, passes and superko all belong to one sequence of moves.
  auto side_arg = [&](const std::string& s, int& color) {
    color = parse_color(s);
    if (color < 0) return fail("invalid color '" + s + "'");
    return true;
  };
  auto point_arg = [&](const std::string& s, int& point) {
    auto xy = parse_point(s, pos_.size);
    if (!xy) return fail("invalid coordinate: " + xy.error());
    point = pos_.index(xy->first, xy->second);
    return true;
  };
  // Legality for either colour: the other colour is asked about as if it were to move.
  auto position_for = [&](int color) {
    Position p = pos_;
    p.to_move = static_cast<std::uint8_t>(color);
    return p;
  };

  if (cmd == "protocol_version") {
    out = std::string("2");
  } else if (cmd == "name") {
    out = options_.level >= 0 ? "oyin" : "oyin (random mover, no AI yet)";
  } else if (cmd == "version") {
    out = options_.version;
  } else if (cmd == "known_command") {
    if (!need(1, "known_command COMMAND")) return false;
    out = "false";
    for (const char* c : kCommands)
      if (args[0] == c) out = "true";
    if (args[0] == "lz-analyze" && options_.level >= 0) out = "true";  // served by run(), around this
  } else if (cmd == "list_commands") {
    for (const char* c : kCommands) append_word(out, c, '\n');
    if (options_.level >= 0) append_word(out, "lz-analyze", '\n');
  } else if (cmd == "quit") {
    quit_ = true;
  } else if (cmd == "boardsize") {
    if (!need(1, "boardsize SIZE")) return false;
    const auto n = parse_int(args[0]);
    if (!n) return fail("boardsize not an integer");
    if (*n < kMinSize || *n > kMaxSize) return fail("unacceptable size (2..19)");
    Rules r = rules_;
    r.size = static_cast<int>(*n);
    for (const auto& s : r.setup)
      if (s.x >= r.size || s.y >= r.size) return fail("unacceptable size (the setup stones do not fit)");
    if (auto st = set_rules(r); !st) return fail("unacceptable size: " + st.error());
  } else if (cmd == "clear_board") {
    clear_board();
  } else if (cmd == "komi") {
    if (!need(1, "komi VALUE")) return false;
    const std::string& v = args[0];
    double k = 0;
    const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), k);
    if (ec != std::errc() || ptr != v.data() + v.size()) return fail("komi not a float");
    komi_ = k;  // accepted for compatibility; capture Go has no komi
  } else if (cmd == "play") {
    if (!need(2, "play COLOR VERTEX")) return false;
    int color = 0;
    if (!side_arg(args[0], color)) return false;
    if (is_over(pos_)) return fail("illegal move: the game is over (" + status(pos_).reason + ")");
    if (color != pos_.to_move) return fail(std::string("illegal move: it is ") + color_name(pos_.to_move) + "'s turn");
    const std::string v = to_lower(args[1]);
    if (v == "resign") return fail("illegal move: resign is not a move in GTP");
    if (v != "pass") {
      int point = 0;
      if (!point_arg(args[1], point)) return false;
    }
    auto m = parse_move(pos_, args[1]);
    if (!m) return fail("illegal move: " + m.error());
    play_move(*m);
  } else if (cmd == "genmove") {
    if (!need(1, "genmove COLOR")) return false;
    int color = 0;
    if (!side_arg(args[0], color)) return false;
    if (is_over(pos_)) return fail("the game is over (" + status(pos_).reason + ")");
    if (color != pos_.to_move) return fail(std::string("it is ") + color_name(pos_.to_move) + "'s turn");
    capgo::MoveList list;
    generate_moves(pos_, list);
    // Never pass while a stone can be placed: a random passer would end games at random.
    int points = 0;
    for (Move m : list) points += !(m == kPass);
    Move chosen = kPass;
    if (options_.level >= 0) {
      // The engine's tree lives as long as this session, so consecutive moves reuse it.
      if (!mcts_) mcts_ = std::make_unique<CapgoMcts>();
      SearchLimits l;
      l.level = options_.level;
      l.seed = rng_.next();
      l.nodes = options_.playouts;
      l.threads = options_.threads;
      const SearchResult r = capgo_search(*mcts_, pos_, l, {}, nullptr);
      if (auto m = parse_move(pos_, r.best_move); m && !r.best_move.empty()) chosen = *m;
    } else if (points) {
      int k = static_cast<int>(rng_.below(static_cast<std::uint32_t>(points)));
      for (Move m : list)
        if (!(m == kPass) && k-- == 0) {
          chosen = m;
          break;
        }
    }
    out = move_to_text(pos_, chosen);
    play_move(chosen);
  } else if (cmd == "undo") {
    if (!need(0, "undo")) return false;
    if (moves_.empty()) return fail("cannot undo");
    capgo::undo(pos_, moves_.back(), undos_.back());
    moves_.pop_back();
    undos_.pop_back();
    move_texts_.pop_back();
  } else if (cmd == "showboard") {
    std::string board = render(pos_, moves_.empty() ? nullptr : &moves_.back(), false);
    while (!board.empty() && board.back() == '\n') board.pop_back();
    out = "\n" + board;
  } else if (cmd == "is_legal") {
    if (!need(2, "is_legal COLOR VERTEX")) return false;
    int color = 0, point = 0;
    if (!side_arg(args[0], color)) return false;
    const Position p = position_for(color);
    if (to_lower(args[1]) == "pass") {
      out = !is_over(p) && p.pass_allowed ? "1" : "0";
      return true;
    }
    if (!point_arg(args[1], point)) return false;
    out = !is_over(pos_) && is_legal(p, point) ? "1" : "0";
  } else if (cmd == "all_legal") {
    if (!need(1, "all_legal COLOR")) return false;
    int color = 0;
    if (!side_arg(args[0], color)) return false;
    if (is_over(pos_)) return true;
    const Position p = position_for(color);
    capgo::MoveList list;
    generate_moves(p, list);
    for (Move m : list)
      if (!(m == kPass)) append_word(out, move_to_text(p, m));
  } else if (cmd == "captures") {
    if (!need(1, "captures COLOR")) return false;
    int color = 0;
    if (!side_arg(args[0], color)) return false;
    out = std::to_string(pos_.captures[color]);
  } else if (cmd == "final_score") {
    out = sgf_result(pos_);
    if (out.empty()) {  // still going: the capture lead so far
      const int d = pos_.captures[0] - pos_.captures[1];
      out = d == 0 ? "0" : (d > 0 ? "B+" : "W+") + std::to_string(d > 0 ? d : -d);
    }
  } else if (cmd == "loadsgf") {
    if (args.empty() || args.size() > 2) return fail("wrong number of arguments (usage: loadsgf FILE [MOVE_NUMBER])");
    const auto text = read_text_file(args[0]);
    if (!text) return fail("cannot load file: " + text.error());
    auto recs = read_sgf(*text);
    if (!recs) return fail("cannot load file: " + recs.error());
    long long upto = -1;
    if (args.size() == 2) {
      const auto n = parse_int(args[1]);
      if (!n || *n < 1) return fail("move number must be a whole number from 1");
      upto = *n - 1;  // the position before that move is played
    }
    const GameRecord& r = recs->front();
    auto rules = CaptureGo::parse_rules(r.tag("Rules"));
    if (!rules) return fail("cannot load file: " + rules.error());
    const Rules old_rules = rules_;
    if (auto st = set_rules(*rules); !st) return fail("cannot load file: " + st.error());
    if (!r.tag("FEN").empty()) {
      auto p = capgo::parse_position(r.tag("FEN"), rules_);
      if (!p) {
        (void)set_rules(old_rules);
        return fail("cannot load file: " + p.error());
      }
      start_ = pos_ = *p;
    }
    for (std::size_t i = 0; i < r.moves.size() && (upto < 0 || static_cast<long long>(i) < upto); ++i) {
      auto m = parse_move(pos_, r.moves[i]);
      if (!m) {
        (void)set_rules(old_rules);
        return fail("cannot load file: move " + std::to_string(i + 1) + " " + r.moves[i] + ": " + m.error());
      }
      play_move(*m);
    }
  } else if (cmd == "printsgf") {
    if (!need(0, "printsgf")) return false;
    out = sgf_text();
  } else if (cmd == "gogui-rules_game_id") {
    out = "CaptureGo";
  } else if (cmd == "gogui-rules_board") {
    out = board_rows();
  } else if (cmd == "gogui-rules_board_size") {
    out = std::to_string(pos_.size);
  } else if (cmd == "gogui-rules_legal_moves") {
    if (is_over(pos_)) return true;  // an empty list tells GoGui the game is over
    capgo::MoveList list;
    generate_moves(pos_, list);
    for (Move m : list) append_word(out, move_to_text(pos_, m));
  } else if (cmd == "gogui-rules_side_to_move") {
    out = color_name(pos_.to_move);
  } else if (cmd == "gogui-rules_final_result") {
    const GameStatus st = status(pos_);
    out = !st.over() ? "unknown" : st.outcome == Outcome::Draw ? "draw" : color_name(index(st.winner));
  } else if (cmd == "gogui-rules_captured_count") {
    // GoGui counts captured stones by colour: black stones taken (by White), then white ones.
    out = std::to_string(pos_.captures[1]) + " " + std::to_string(pos_.captures[0]);
  } else if (cmd == "oyin-set_rules") {
    std::string text;
    for (const auto& a : args) append_word(text, a, ',');
    auto rules = CaptureGo::parse_rules(text);
    if (!rules) return fail(rules.error());
    if (auto st = set_rules(*rules); !st) return fail(st.error());
    out = rules_to_text(rules_);
  } else {
    return fail("unknown command");
  }
  return true;
}

void GtpEngine::run(std::istream& in, std::ostream& out) {
  std::string line;
  while (!quit_ && std::getline(in, line)) {
    // lz-analyze streams until the next line arrives, which is then handled as usual.
    while (options_.level >= 0 && run_lz_analyze(pos_, options_.threads, line, in, out)) {}
    const std::string response = handle_line(line);
    if (response.empty()) continue;
    out << response << std::flush;
  }
}

}  // namespace oyin::protocol
