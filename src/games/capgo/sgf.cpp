#include "games/capgo/sgf.h"

#include <array>
#include <cctype>
#include <optional>

#include "core/text.h"
#include "games/capgo/notation.h"

namespace oyin::capgo {

namespace {

struct Property {
  std::string id;
  std::vector<std::string> values;
};
using Node = std::vector<Property>;

// Recursive-descent reader of SGF game trees; keeps each tree's main line (first variation).
class SgfReader {
 public:
  explicit SgfReader(std::string_view text) : t_(text) {}

  // Main lines of every game tree in the collection, with the line each starts on.
  Result<std::vector<std::pair<int, std::vector<Node>>>> collection() {
    std::vector<std::pair<int, std::vector<Node>>> games;
    while (true) {
      skip_ws();
      if (i_ >= t_.size()) break;
      if (t_[i_] != '(') return make_error(fail("expected '(' to start a game tree").error());
      const int line = line_;
      std::vector<Node> main;
      if (auto st = tree(&main); !st) return make_error(st.error());
      games.emplace_back(line, std::move(main));
    }
    if (games.empty()) return make_error("no SGF game tree found");
    return games;
  }

 private:
  Status fail(const std::string& what) { return make_error("line " + std::to_string(line_) + ": " + what); }

  void skip_ws() {
    while (i_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[i_]))) {
      if (t_[i_] == '\n') ++line_;
      ++i_;
    }
  }

  // '(' node+ tree* ')'; nodes go to `main` when it is not null (then the first subtree too).
  // Iterative, with the open trees on a heap stack: some programs nest every move in its own
  // variation, and a recursive reader overflowed the stack on 10,000 levels.
  Status tree(std::vector<Node>* main) {
    struct Open {
      bool on_main;        // this tree's nodes belong to the main line
      bool child_on_main;  // its next subtree is the main line's continuation
    };
    std::vector<Open> open{{main != nullptr, main != nullptr}};
    while (true) {
      // At '(' of the tree on top of `open`: its nodes.
      ++i_;
      skip_ws();
      if (i_ >= t_.size() || t_[i_] != ';') return fail("expected ';' to start a node");
      while (true) {
        skip_ws();
        if (i_ >= t_.size()) return fail("unexpected end of file inside a game tree (missing ')')");
        if (t_[i_] != ';') break;
        ++i_;
        Node node;
        if (auto st = properties(node); !st) return st;
        if (open.back().on_main) main->push_back(std::move(node));
      }
      // Its subtrees, or its end (and then the rest of the tree around it).
      while (true) {
        skip_ws();
        if (i_ >= t_.size()) return fail("unexpected end of file inside a game tree (missing ')')");
        if (t_[i_] == '(') break;
        if (t_[i_] != ')') return fail(std::string("unexpected '") + t_[i_] + "'");
        ++i_;  // ')'
        open.pop_back();
        if (open.empty()) return Ok{};
      }
      const bool child_main = open.back().child_on_main;
      open.back().child_on_main = false;
      open.push_back({child_main, child_main});
    }
  }

  Status properties(Node& node) {
    while (true) {
      skip_ws();
      if (i_ >= t_.size() || !std::isalpha(static_cast<unsigned char>(t_[i_]))) return Ok{};
      Property prop;
      // FF[3] allowed lower-case letters inside identifiers (AddBlack); only capitals count.
      while (i_ < t_.size() && std::isalpha(static_cast<unsigned char>(t_[i_]))) {
        if (std::isupper(static_cast<unsigned char>(t_[i_]))) prop.id += t_[i_];
        ++i_;
      }
      skip_ws();
      if (i_ >= t_.size() || t_[i_] != '[') return fail("property " + prop.id + " has no value");
      while (i_ < t_.size() && t_[i_] == '[') {
        ++i_;
        std::string v;
        while (i_ < t_.size() && t_[i_] != ']') {
          if (t_[i_] == '\\' && i_ + 1 < t_.size()) ++i_;
          if (t_[i_] == '\n') ++line_;
          v += t_[i_++];
        }
        if (i_ >= t_.size()) return fail("property " + prop.id + ": value not closed by ']'");
        ++i_;
        prop.values.push_back(std::move(v));
        skip_ws();
      }
      node.push_back(std::move(prop));
    }
  }

  std::string_view t_;
  std::size_t i_ = 0;
  int line_ = 1;
};

std::string sgf_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// SGF point "cd" (column, row from the top) to (x, y from the bottom); "" or "tt" is a pass.
Result<std::pair<int, int>> sgf_point(const std::string& v, int size, bool& pass) {
  pass = v.empty() || (v == "tt" && size <= 19);
  if (pass) return std::pair<int, int>{-1, -1};
  if (v.size() != 2 || !std::islower(static_cast<unsigned char>(v[0])) || !std::islower(static_cast<unsigned char>(v[1])))
    return make_error("'" + v + "' is not an SGF point");
  const int x = v[0] - 'a', row = v[1] - 'a';
  if (x >= size || row >= size) return make_error("'" + v + "' is off the " + std::to_string(size) + "x" + std::to_string(size) + " board");
  return std::pair<int, int>{x, size - 1 - row};
}

std::string sgf_coord(const Position& p, int point) {
  const int x = p.x_of(point), y = p.y_of(point);
  return std::string{static_cast<char>('a' + x), static_cast<char>('a' + p.size - 1 - y)};
}

// Settings from RU: "capture:T" or "capture:TB/TW", "pass:yes|no", "ko:positional", "suicide:no".
Result<std::string> rules_from_ru(const std::string& ru) {
  if (ru.find("capture:") == std::string::npos) return std::string(",target=0,pass=1");
  std::string out;
  for (std::string_view item : split(ru, ';', true)) {
    item = trim(item);
    const auto colon = item.find(':');
    if (colon == std::string_view::npos) return make_error("RU item '" + std::string(item) + "' is not key:value");
    const std::string key = to_lower(trim(item.substr(0, colon)));
    const std::string value = to_lower(trim(item.substr(colon + 1)));
    if (key == "capture") {
      const auto slash = value.find('/');
      if (slash == std::string::npos) out += ",target=" + value;
      else out += ",target_b=" + value.substr(0, slash) + ",target_w=" + value.substr(slash + 1);
    } else if (key == "pass") {
      if (value != "yes" && value != "no") return make_error("RU pass must be yes or no, not '" + value + "'");
      out += std::string(",pass=") + (value == "yes" ? "1" : "0");
    } else if (key == "ko") {
      if (value != "positional") return make_error("RU ko:" + value + " is not supported (only ko:positional)");
    } else if (key == "suicide") {
      if (value != "no") return make_error("RU suicide:" + value + " is not supported (suicide is forbidden)");
    } else {
      return make_error("unknown RU item '" + key + "'");
    }
  }
  return out;
}

std::string pgn_result(const std::string& re) {
  const std::string r = to_lower(trim(re));
  if (r.rfind("b+", 0) == 0) return "1-0";
  if (r.rfind("w+", 0) == 0) return "0-1";
  if (r == "0" || r == "draw") return "1/2-1/2";
  return "*";
}

Result<GameRecord> to_record(const std::vector<Node>& nodes, int line) {
  GameRecord r;
  r.line = line;
  int size = 19;  // the SGF default
  std::string ru_rules = ",target=0,pass=1";
  std::string setup;
  int first_player = 0;
  bool has_pl = false;
  std::string re;
  std::array<int, 3> counters{};  // OC: captures by black, by white, consecutive passes at the start
  bool has_oc = false;
  auto fail = [&](const std::string& why) { return make_error("game at line " + std::to_string(line) + ": " + why); };
  // First pass: the root's game information, so moves can be read with the right board size.
  for (const auto& prop : nodes.front()) {
    const std::string& v = prop.values.front();
    if (prop.id == "GM" && trim(v) != "1") return fail("GM[" + v + "] is not Go (GM[1])");
    if (prop.id == "SZ") {
      const auto n = parse_int(v);
      if (!n || *n < kMinSize || *n > kMaxSize) return fail("SZ[" + v + "]: board size must be 2..19");
      size = static_cast<int>(*n);
    } else if (prop.id == "RU") {
      auto rr = rules_from_ru(v);
      if (!rr) return fail(rr.error());
      ru_rules = *rr;
    } else if (prop.id == "PB") r.tags.emplace_back("Black", v);
    else if (prop.id == "PW") r.tags.emplace_back("White", v);
    else if (prop.id == "EV") r.tags.emplace_back("Event", v);
    else if (prop.id == "DT") r.tags.emplace_back("Date", v);
    else if (prop.id == "RE") re = v;
    else if (prop.id == "OC") {
      const auto f = split_ws(v);
      std::array<std::optional<std::int64_t>, 3> n;
      for (std::size_t k = 0; k < 3; ++k) n[k] = k < f.size() ? parse_int(f[k]) : std::optional<std::int64_t>(0);
      if (f.size() < 2 || f.size() > 3 || !n[0] || !n[1] || !n[2] || *n[0] < 0 || *n[0] > 65535 || *n[1] < 0 ||
          *n[1] > 65535 || *n[2] < 0 || *n[2] > 2)
        return fail("OC[" + v + "] must be '<captures by black> <captures by white> [<passes 0..2>]'");
      counters = {static_cast<int>(*n[0]), static_cast<int>(*n[1]), static_cast<int>(*n[2])};
      has_oc = true;
    }
    else if (prop.id == "PL") {
      const std::string c = to_lower(trim(v));
      if (c != "b" && c != "w" && c != "black" && c != "white") return fail("PL[" + v + "] must be B or W");
      first_player = c[0] == 'w';
      has_pl = true;
    }
  }
  // A capture game's result follows from our rules; an ordinary Go record's (RE[B+7.5]) comes
  // from territory scoring, which these rules do not have: keep it only as information.
  if (ru_rules.find("target=0") == std::string::npos) {
    if (!re.empty()) r.tags.emplace_back("Result", re);
    r.result = pgn_result(re);
  } else if (!re.empty()) {
    r.tags.emplace_back("GoResult", re);
  }
  // Handicap records often leave PL out and simply start with White's move.
  if (!has_pl)
    for (std::size_t n = 0; n < nodes.size() && !has_pl; ++n)
      for (const auto& prop : nodes[n])
        if (prop.id == "B" || prop.id == "W") {
          first_player = prop.id == "W";
          has_pl = true;
          break;
        }
  int to_play = first_player;
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    for (const auto& prop : nodes[n]) {
      if (prop.id == "AB" || prop.id == "AW" || prop.id == "AE") {
        if (n != 0 || prop.id == "AE") return fail(prop.id + " after the first node is not supported (setup stones only at the start)");
        for (const std::string& v : prop.values) {
          // FF[4] compressed lists: "aa:cc" is the rectangle between the two corners.
          const auto colon = v.find(':');
          bool pass1 = false, pass2 = false;
          auto a = sgf_point(v.substr(0, colon), size, pass1);
          auto b = colon == std::string::npos ? a : sgf_point(v.substr(colon + 1), size, pass2);
          if (!a || !b || pass1 || pass2) return fail(prop.id + "[" + v + "]: " + (!a ? a.error() : !b ? b.error() : "not a point"));
          for (int x = std::min(a->first, b->first); x <= std::max(a->first, b->first); ++x)
            for (int y = std::min(a->second, b->second); y <= std::max(a->second, b->second); ++y)
              setup += std::string(setup.empty() ? "" : "+") + (prop.id == "AB" ? "B" : "W") + point_text(x, y);
        }
      } else if (prop.id == "B" || prop.id == "W") {
        const int color = prop.id == "W";
        const int ply = static_cast<int>(r.moves.size()) + 1;
        if (color != to_play)
          return fail("move " + std::to_string(ply) + " is " + prop.id + " but " + (to_play ? "W" : "B") +
                      " is to play (moves must alternate)");
        bool pass = false;
        auto pt = sgf_point(prop.values.front(), size, pass);
        if (!pt) return fail("move " + std::to_string(ply) + ": " + pt.error());
        r.moves.push_back(pass ? "pass" : point_text(pt->first, pt->second));
        to_play ^= 1;
      }
    }
  }
  std::string rules_text = "size=" + std::to_string(size) + ru_rules;
  if (!setup.empty()) rules_text += ",setup=" + setup;
  r.tags.emplace_back("Rules", rules_text);
  if (first_player == 1 || has_oc) {
    auto rules = parse_rules(rules_text);
    if (!rules) return fail(rules.error());
    auto start = make_start(*rules);
    if (!start) return fail(start.error());
    start->to_move = static_cast<std::uint8_t>(first_player);
    start->captures = {static_cast<std::uint16_t>(counters[0]), static_cast<std::uint16_t>(counters[1])};
    start->passes = static_cast<std::uint8_t>(counters[2]);
    r.tags.emplace_back("FEN", to_text(*start));
  }
  return r;
}

}  // namespace

std::string sgf_rules(const Rules& r) {
  std::string out = "capture:" + std::to_string(r.target[0]);
  if (r.target[1] != r.target[0]) out += "/" + std::to_string(r.target[1]);
  out += std::string(";pass:") + (r.pass_allowed ? "yes" : "no") + ";ko:positional;suicide:no";
  return out;
}

std::string sgf_result(const Position& p) {
  const GameStatus st = status(p);
  if (!st.over()) return "";
  if (st.outcome == Outcome::Draw) return "0";
  const std::string who = st.winner == Side::First ? "B+" : "W+";
  const int w = index(st.winner);
  if (p.resigned >= 0) return who + "R";
  if (p.target[w] && p.captures[w] >= p.target[w]) return who + "C";
  if (p.passes >= 2) return who + std::to_string(p.captures[w] - p.captures[1 - w]);
  return who;  // the loser had no legal move (pass forbidden)
}

std::string check_recorded_result(const Position& end, const GameRecord& r) {
  const std::string tag = r.tag("Result");
  std::string re(trim(tag));
  if (re.empty() || re == "?" || to_lower(re) == "void") return "";
  const std::string ours = sgf_result(end);
  const std::string low = to_lower(re);
  const bool resigned = low == "b+r" || low == "w+r" || low == "b+resign" || low == "w+resign";
  if (ours.empty()) {
    if (resigned || low == "b+t" || low == "w+t" || low == "b+f" || low == "w+f" || low == "b+time" ||
        low == "w+time" || low == "b+forfeit" || low == "w+forfeit")
      return "";
    return "recorded RE[" + re + "] but the game is not over after the recorded moves";
  }
  if (resigned && end.resigned < 0) return "recorded RE[" + re + "] but the game had already ended: " + ours;
  if (low == "draw") re = "0";
  // "B+" alone names only the winner, which the 1-0/0-1 check has covered.
  if (low == "b+" || low == "w+") return "";
  return to_lower(re) == to_lower(ours) ? "" : "recorded RE[" + re + "], the rules give " + ours;
}

Result<std::vector<GameRecord>> read_sgf(std::string_view text) {
  SgfReader reader(text);
  auto games = reader.collection();
  if (!games) return make_error(games.error());
  std::vector<GameRecord> out;
  for (const auto& [line, nodes] : *games) {
    auto r = to_record(nodes, line);
    if (!r) return make_error(r.error());
    out.push_back(std::move(*r));
  }
  return out;
}

std::string write_sgf(const GameRecord& r, const Rules& rules, const Position& start) {
  std::string out = "(;FF[4]GM[1]CA[UTF-8]AP[oyin]SZ[" + std::to_string(start.size) + "]RU[" + sgf_rules(rules) + "]";
  for (const auto& [tag, prop] : {std::pair{"Black", "PB"}, {"White", "PW"}, {"Event", "EV"}, {"Date", "DT"}})
    if (const std::string v = r.tag(tag); !v.empty()) out += std::string(prop) + "[" + sgf_escape(v) + "]";
  // Replay the moves: the result and each move's colour come from the rules, not the caller.
  Position pos = start;
  std::string moves;
  bool resigned = false;
  for (const std::string& text : r.moves) {
    auto m = parse_move(pos, text);
    if (!m) break;  // the caller's history is legal; stop rather than write nonsense
    if (*m == kResign) {
      resigned = true;
      break;
    }
    moves += std::string(";") + (pos.to_move ? "W[" : "B[") + (*m == kPass ? "" : sgf_coord(pos, m->point)) + "]";
    Undo u;
    play(pos, *m, u);
  }
  std::string re = sgf_result(pos);
  if (resigned) re = pos.to_move ? "B+R" : "W+R";
  else if (re.empty() && r.result == "1-0") re = "B+R";
  else if (re.empty() && r.result == "0-1") re = "W+R";
  else if (re.empty() && r.result == "1/2-1/2") re = "0";
  if (!re.empty()) out += "RE[" + re + "]";
  for (int c : {kBlack, kWhite}) {
    std::string list;
    for (int y = start.size - 1; y >= 0; --y)
      for (int x = 0; x < start.size; ++x)
        if (start.color[start.index(x, y)] == c) list.append("[").append(sgf_coord(start, start.index(x, y))).append("]");
    if (!list.empty()) out += (c == kBlack ? "AB" : "AW") + list;
  }
  if (start.to_move) out += "PL[W]";
  // A set-up position may come with captures already made (and passes): our own property OC
  // keeps them, or a game won by reaching the target would not replay to that win.
  if (start.captures[0] || start.captures[1] || start.passes)
    out += "OC[" + std::to_string(start.captures[0]) + " " + std::to_string(start.captures[1]) +
           (start.passes ? " " + std::to_string(start.passes) : "") + "]";
  out += "\n";
  // Line breaks between moves keep lines short; SGF ignores them.
  std::size_t col = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (moves[i] == ';' && col >= 60) {
      out += "\n";
      col = 0;
    }
    out += moves[i];
    ++col;
  }
  out += ")\n";
  return out;
}

}  // namespace oyin::capgo
