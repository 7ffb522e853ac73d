#include "review/book_moves.h"

namespace oyin::review {

std::vector<bool> book_moves(storage::KnowledgeStore& base, const GameEntry& game, const std::string& rules,
                             const std::string& start_position, const std::vector<std::string>& moves,
                             std::int64_t min_games) {
  std::vector<bool> book;
  auto created = game.new_game(rules, start_position);
  if (!created) return book;
  std::unique_ptr<GameState> st = std::move(*created);
  const std::string rules_text = st->rules_text();  // as the index keys it (knowledge/importer.cpp)
  for (const std::string& move : moves) {
    if (st->status().over()) break;
    const std::uint64_t key = st->hash();
    auto played = st->play(move);  // the index holds moves in record notation, as play() writes them
    if (!played) break;
    auto known = base.explore(game.name(), rules_text, key, "");
    if (!known) break;
    bool enough = false;
    for (const storage::ExplorerMove& m : *known)
      if (m.move == *played) enough = m.counts.games >= min_games;
    if (!enough) break;
    book.push_back(true);
  }
  return book;
}

}  // namespace oyin::review
