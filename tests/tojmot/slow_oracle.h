#pragma once
// An independent, deliberately plain Tojmot rules implementation for the consistency test. It
// reads the position from its text (nothing is shared with src/games/tojmot but that string, the
// rule options and the history of keys), works on (x, y) coordinates, and tests legality the
// obvious way: play the move, then let every enemy piece try to reach our 1.
#include <array>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/text.h"
#include "games/tojmot/notation.h"

namespace oyin::testing {

struct SlowTojmot {
  // Piece codes of this oracle: Arabic v -> v, Roman v -> 10 + v, X -> 20.
  struct Sq {
    int side = -1;
    int piece = 0;
  };
  struct Board {
    Sq sq[15][19];  // [x][y]
    int to_move = 0;
    bool own_zone = true, six_both = false;
  };

  static bool on_board(int x, int y) {
    if (x < 1 || x > 14 || y < 1 || y > 17) return false;
    if ((x + y) % 2 != 0) return false;
    if (y >= 4 && y <= 14) return true;
    static const std::set<std::pair<int, int>> spikes = {{7, 1},  {6, 2},  {8, 2},  {5, 3},  {7, 3},  {9, 3},
                                                         {5, 15}, {7, 15}, {9, 15}, {6, 16}, {8, 16}, {7, 17}};
    // Looked up once per cell: the set above is the definition.
    static const auto table = [] {
      std::array<std::array<bool, 19>, 15> t{};
      for (auto [x, y] : spikes) t[x][y] = true;
      return t;
    }();
    return table[x][y];
  }
  static int zone(int x, int y) {  // whose zone the cell is, or -1
    if ((x == 7 && y == 1) || (x == 6 && y == 2) || (x == 8 && y == 2)) return 0;
    if ((x == 7 && y == 17) || (x == 6 && y == 16) || (x == 8 && y == 16)) return 1;
    return -1;
  }
  static bool promotion_cell(int side, int x, int y) {
    return side == 0 ? (y == 15 && (x == 5 || x == 9)) : (y == 3 && (x == 5 || x == 9));
  }
  static int code(const std::string& name) {
    static const std::vector<std::pair<std::string, int>> names = {
        {"1", 1},   {"2", 2},    {"3", 3},     {"4", 4},    {"5", 5},   {"6", 6},    {"7", 7},
        {"8", 8},   {"9", 9},    {"II", 12},   {"III", 13}, {"IV", 14}, {"V", 15},   {"VI", 16},
        {"VIII", 18}, {"IX", 19}, {"X", 20}};
    for (const auto& [n, c] : names)
      if (n == name) return c;
    return 0;
  }
  static bool roman(int piece) { return piece > 10; }

  static Board from(const tojmot::Position& p) {
    Board b;
    b.own_zone = p.rules.own_pieces_in_zone;
    b.six_both = p.rules.piece6_both;
    const std::string text = tojmot::to_text(p);
    const auto fields = split_ws(text);
    b.to_move = fields[0] == "w" ? 0 : 1;
    for (int f = 1; f <= 2; ++f) {
      const int side = fields[f][0] == 'W' ? 0 : 1;
      for (std::string_view item : split(fields[f].substr(2), ',', true)) {
        std::size_t d = item.size();
        while (d > 0 && item[d - 1] >= '0' && item[d - 1] <= '9') --d;
        const int x = item[d - 1] - 'A' + 1;
        const int y = std::stoi(std::string(item.substr(d)));
        b.sq[x][y] = Sq{side, code(std::string(item.substr(0, d - 1)))};
      }
    }
    return b;
  }

  // Every cell the piece on (x, y) could reach by its pattern: leaps and steps as listed in the
  // rules table, slides up to and including the first occupied cell. Zones are not looked at.
  using Cells = std::vector<std::pair<int, int>>;
  static void reach(const Board& b, int x, int y, Cells& out) {
    const Sq s = b.sq[x][y];
    static const Cells vertex = {{0, 2}, {0, -2}, {2, 0}, {-2, 0}};
    static const Cells edge = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    static const Cells all = {{0, 2}, {0, -2}, {2, 0}, {-2, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    static const Cells three = {{1, 3}, {1, -3}, {-1, 3}, {-1, -3}, {3, 1}, {3, -1}, {-3, 1}, {-3, -1}};
    static const Cells five = {{2, 2}, {2, -2}, {-2, 2}, {-2, -2}};
    static const Cells six = {{2, 4}, {2, -4}, {-2, 4}, {-2, -4}};
    static const Cells six_both = {{2, 4}, {2, -4}, {-2, 4}, {-2, -4}, {4, 2}, {4, -2}, {-4, 2}, {-4, -2}};
    static const Cells white_roman = {{1, 1}, {-1, 1}}, black_roman = {{1, -1}, {-1, -1}};
    static const Cells none;
    const Cells* leaps = &none;
    const Cells* slides = &none;
    switch (s.piece) {
      case 1:
      case 9: leaps = &all; break;
      case 2: leaps = &vertex; break;
      case 3: leaps = &three; break;
      case 4: slides = &vertex; break;
      case 5: leaps = &five; break;
      case 6: leaps = b.six_both ? &six_both : &six; break;
      case 7: slides = &all; break;
      case 8: slides = &edge; break;
      default: leaps = s.side == 0 ? &white_roman : &black_roman;
    }
    out.clear();
    for (auto [dx, dy] : *leaps)
      if (on_board(x + dx, y + dy)) out.push_back({x + dx, y + dy});
    for (auto [dx, dy] : *slides)
      for (int tx = x + dx, ty = y + dy; on_board(tx, ty); tx += dx, ty += dy) {
        out.push_back({tx, ty});
        if (b.sq[tx][ty].side >= 0) break;
      }
  }

  static bool one_attacked(const Board& b, int side) {
    int kx = 0, ky = 0;
    for (int x = 1; x <= 14; ++x)
      for (int y = 1; y <= 17; ++y)
        if (b.sq[x][y].side == side && b.sq[x][y].piece == 1) kx = x, ky = y;
    Cells cells;
    for (int x = 1; x <= 14; ++x)
      for (int y = 1; y <= 17; ++y)
        if (b.sq[x][y].side == 1 - side) {
          reach(b, x, y, cells);
          for (auto [tx, ty] : cells)
            if (tx == kx && ty == ky) return true;
        }
    return false;
  }

  static std::string name(int x, int y) {
    std::string s(1, static_cast<char>('a' + x - 1));
    s += std::to_string(y);
    return s;
  }

  // All legal moves; with `first_only`, stops after the first one found (enough for status).
  static std::set<std::string> moves(Board b, bool first_only = false) {
    std::set<std::string> out;
    const int me = b.to_move;
    Cells cells;
    for (int x = 1; x <= 14; ++x)
      for (int y = 1; y <= 17; ++y) {
        const Sq s = b.sq[x][y];
        if (s.side != me) continue;
        reach(b, x, y, cells);
        for (auto [tx, ty] : cells) {
          const Sq t = b.sq[tx][ty];
          if (t.side == me) continue;
          if (t.side >= 0 && t.piece == 1) continue;  // the 1 is never captured
          const int z = zone(tx, ty);
          if (z == 1 - me) continue;
          if (z == me && s.piece != 1 && !b.own_zone) continue;
          std::vector<int> becomes = {s.piece};
          std::vector<std::string> suffix = {""};
          if (roman(s.piece) && promotion_cell(me, tx, ty)) {
            becomes.clear();
            suffix.clear();
            for (int v = 2; v <= 9; ++v)
              if (s.piece == 20 || s.piece == 10 + v) {
                becomes.push_back(v);
                suffix.push_back(std::string(1, '=') + static_cast<char>('0' + v));
              }
          }
          for (std::size_t i = 0; i < becomes.size(); ++i) {
            // Play it on the board, look, and put everything back.
            b.sq[x][y] = Sq{};
            b.sq[tx][ty] = Sq{me, becomes[i]};
            if (!one_attacked(b, me)) out.insert(name(x, y) + name(tx, ty) + suffix[i]);
            b.sq[x][y] = s;
            b.sq[tx][ty] = t;
            if (first_only && !out.empty()) return out;
          }
        }
      }
    return out;
  }

  std::set<std::string> legal_moves(const tojmot::Position& p) const { return moves(from(p)); }

  GameStatus status(const tojmot::Position& p) const {
    const Board b = from(p);
    if (moves(b, true).empty()) {
      if (one_attacked(b, b.to_move)) return GameStatus::win(b.to_move == 0 ? Side::Second : Side::First, "mate");
      return GameStatus::draw("stalemate");
    }
    int pieces = 0;
    for (int x = 1; x <= 14; ++x)
      for (int y = 1; y <= 17; ++y) pieces += b.sq[x][y].side >= 0;
    if (pieces == 2) return GameStatus::draw("bare 1s");
    if (p.rules.threefold) {
      int seen = 1;
      const std::size_t n = p.history.size();
      for (std::size_t back = 2; back <= p.clock && back <= n; back += 2) seen += p.history[n - back] == p.key;
      if (seen >= 3) return GameStatus::draw("threefold");
    }
    if (p.rules.fifty_move && p.clock >= 100) return GameStatus::draw("100 plies");
    return GameStatus::ongoing();
  }
};

}  // namespace oyin::testing
