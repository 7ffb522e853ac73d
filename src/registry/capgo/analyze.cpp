// Capture Go's own analysis as the registry's hook (game_tools.h), for `oyin analyze capgo`: the
// proof of the perfect-play table or the solver where there is one (small boards where every
// capture ends the game), else the Monte-Carlo search on a position, with Leela Zero style
// "info move ..." lines while it thinks and a final table.
#include <cstdio>
#include <ostream>

#include "core/text.h"
#include "games/capgo/game.h"
#include "registry/game_tools.h"
#include "search/capgo/lz_analyze.h"
#include "search/capgo/mcts_engine.h"
#include "search/capgo/perfect_play.h"

namespace oyin {

// The solver's budget before the tree search (a few seconds at most; --time also bounds it).
constexpr std::uint64_t kProofNodes = 2'000'000;

Status analyze_capgo(const AnalyzeRequest& o, std::ostream& out) {
  auto rules = capgo::CaptureGo::parse_rules(o.rules.empty() ? "size=9,target=1" : o.rules);
  if (!rules) return make_error(rules.error());
  capgo::Position pos = capgo::CaptureGo::start_position(*rules);
  if (!o.position.empty()) {
    auto p = capgo::parse_position(o.position, *rules);
    if (!p) return make_error(p.error());
    pos = *p;
  }
  int ply = 0;
  for (std::string_view m : split_ws(o.moves)) {
    ++ply;
    auto mv = capgo::parse_move(pos, m);
    if (!mv) return make_error("move " + std::to_string(ply) + ": " + mv.error());
    capgo::Undo u;
    capgo::play(pos, *mv, u);
  }
  if (capgo::is_over(pos)) return make_error("the game is over: " + capgo::status(pos).reason);
  if (o.playouts == 0 && o.seconds <= 0) return make_error("give --playouts or --time (or both)");
  if (capgo::perfect_applies(pos)) {
    // Where the table or the solver proves the position, the proof is the analysis.
    const capgo::PerfectResult proved = capgo::perfect_move(pos, kProofNodes, o.seconds);
    if (proved.value != capgo::PerfectValue::Unknown)
      out << (pos.to_move ? "White" : "Black") << " to move: " << capgo::perfect_text(pos, proved) << "\n";
    if (proved.value == capgo::PerfectValue::Win) {
      out << "bestmove " << capgo::move_to_text(pos, capgo::Move{static_cast<std::uint16_t>(proved.move)}) << "\n";
      return Ok{};
    }
  }
  CapgoSearchOptions so;
  so.playouts = o.playouts;
  so.time_ms = static_cast<int>(o.seconds * 1000);
  so.threads = std::max(1, o.threads);
  so.report_ms = o.report_ms;
  so.on_report = [&](const CapgoAnalysis& a) {
    const std::string line = lz_analyze_text(a, o.lines);
    if (!line.empty()) out << line << "\n" << std::flush;
  };
  CapgoMcts mcts;
  CapgoAnalysis a;
  mcts.search(pos, so, &a);
  static constexpr const char* kProof[] = {"loss", "draw", "win"};
  char head[200];
  std::snprintf(head, sizeof head, "%d playouts in %.2f s (%.0f/s), %llu tree nodes; %s to move, win rate %.1f%%%s\n",
                static_cast<int>(a.playouts), a.time_ms / 1000.0, a.playouts / std::max(a.time_ms / 1000.0, 1e-3),
                static_cast<unsigned long long>(a.tree_nodes), pos.to_move ? "White" : "Black", a.winrate * 100,
                a.proof == Proof::Unknown ? "" : (std::string(", proven ") + kProof[static_cast<int>(a.proof)]).c_str());
  out << head << "move   visits  win%  prior%  proof  pv\n";
  int shown = 0;
  for (const auto& m : a.moves) {
    if (shown++ >= o.lines) break;
    char row[120];
    std::snprintf(row, sizeof row, "%-5s %7llu %5.1f %7.1f  %-5s ", m.text.c_str(), static_cast<unsigned long long>(m.visits),
                  m.winrate * 100, m.prior * 100, m.proof == Proof::Unknown ? "-" : kProof[static_cast<int>(m.proof)]);
    out << row;
    for (std::size_t i = 0; i < m.pv.size(); ++i) out << (i ? " " : "") << m.pv[i];
    out << "\n";
  }
  out << "bestmove " << (a.moves.empty() ? "pass" : a.moves.front().text) << "\n";
  return Ok{};
}

}  // namespace oyin
