#include "review/move_review.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace oyin::review {

const char* class_name(MoveClass c) {
  static constexpr const char* kNames[] = {"best", "good", "inaccuracy", "mistake", "blunder"};
  return kNames[static_cast<int>(c)];
}

double move_accuracy(double loss) {
  const double points = 100 * std::max(loss, 0.0);
  return std::clamp(103.1668 * std::exp(-0.04354 * points) - 3.1669, 0.0, 100.0);
}

GameReview review_game(const std::vector<storage::AnalysedPosition>& positions, const std::vector<std::string>& moves,
                       const std::vector<int>& side_to_move, const WinChance& win_chance,
                       const std::vector<bool>& book) {
  std::map<int, const storage::AnalysedPosition*> by_ply;
  for (const auto& p : positions) by_ply[p.ply] = &p;
  GameReview out;
  std::vector<double> accuracies[2];
  for (std::size_t i = 0; i < moves.size() && i + 1 < side_to_move.size(); ++i) {
    const auto before = by_ply.find(static_cast<int>(i)), after = by_ply.find(static_cast<int>(i) + 1);
    if (before == by_ply.end() || after == by_ply.end()) continue;
    ReviewedMove m;
    m.ply = static_cast<int>(i);
    m.side = side_to_move[i];
    m.move = moves[i];
    m.best = before->second->best;
    m.best_line = before->second->best_line;
    m.win_before = win_chance.of(before->second->score, before->second->mate);
    const double next = win_chance.of(after->second->score, after->second->mate);
    const bool same = side_to_move[i + 1] == m.side;
    m.win_after = same ? next : 1 - next;
    m.score_after = same ? after->second->score : -after->second->score;
    if (after->second->mate) m.mate_after = same ? *after->second->mate : -*after->second->mate;
    // The played move scored from the position before it, to the engine's move's horizon
    // (review/position_analysis.h): what the move is measured by when the worker wrote it.
    if (const auto* b = before->second; b->played_score) {
      m.score_after = *b->played_score;
      m.mate_after = b->played_mate;
      m.win_after = win_chance.of(*b->played_score, b->played_mate);
    }
    const double loss = std::max(0.0, m.win_before - m.win_after);
    m.book = i < book.size() && book[i];
    if (!m.best.empty() && m.move == m.best) m.cls = MoveClass::best;
    else if (m.book) m.cls = MoveClass::good;
    else if (loss >= kBlunder) m.cls = MoveClass::blunder;
    else if (loss >= kMistake) m.cls = MoveClass::mistake;
    else if (loss >= kInaccuracy) m.cls = MoveClass::inaccuracy;
    else m.cls = MoveClass::good;
    // The engine's opening judgement is noise (review/book_moves.h): a book move does not count.
    if (!m.book) accuracies[m.side == 1 ? 1 : 0].push_back(move_accuracy(loss));
    out.moves.push_back(std::move(m));
  }
  // A side's accuracy: the mean of the arithmetic and the harmonic mean of its moves' (a
  // simplification of lichess's, which also weighs moves by the position's volatility): one
  // blunder among good moves pulls it down more than the plain mean would.
  for (int side = 0; side < 2; ++side) {
    const auto& a = accuracies[side];
    if (a.empty()) continue;
    double sum = 0, inverse = 0;
    for (double x : a) {
      sum += x;
      inverse += 1 / std::max(x, 1.0);
    }
    const double n = static_cast<double>(a.size());
    out.accuracy[side] = (sum / n + n / inverse) / 2;
  }
  return out;
}

}  // namespace oyin::review
