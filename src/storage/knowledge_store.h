#pragma once
// The knowledge store: the game base (imported games with their players, events, dates, results,
// ratings and time controls) and the opening explorer's index (for each position key of each
// game and rules: the moves played from it, with counts, results and ratings). It knows no game:
// position keys, moves and results arrive computed (src/knowledge/ replays the games).
//
// It is written over storage::Db, so it works on SQLite and on PostgreSQL alike; its tables are
// migrations of the one schema list (storage/migrations.cpp), beside the games. Rows are written
// many to an INSERT, so that an import costs a few statements per batch, not one per row (a
// round trip each on PostgreSQL).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "storage/db.h"

namespace oyin::storage {

// A game of the base. Ratings and year are 0 when unknown.
struct BaseGame {
  std::int64_t id = 0;         // given by the store
  std::string content_key;     // what duplicates are found by (src/knowledge/content_key.h)
  std::string game, rules, start_position;  // start_position empty = the rules' start
  std::string source;          // --source of the import (default: the file's name)
  std::string event, site, date, round, white, black, time_control;
  int year = 0;
  int white_elo = 0, black_elo = 0;  // of the first and second side
  std::string result = "*";    // "1-0" (first side won), "0-1", "1/2-1/2", "*"
  std::string reason;          // how the rules ended it, or "" when they did not
  std::string moves;           // record notation, space-separated
  int ply_count = 0;
  std::string tags_json;       // every tag of the record, in file order: [[key, value], ...]
  std::string file;            // where it was imported from
  int line = 0;
  // Keys of the positions of its opening (from the start, at most kSearchPlies + 1), for the
  // search by position; written by add(), not read back.
  std::vector<std::uint64_t> opening_keys;
};

// How deep into a game the search by position looks (the explorer's index has every ply).
constexpr int kSearchPlies = 40;

// What one batch adds to one index entry: (game, rules, position key, source, move).
struct ExplorerKey {
  std::string game, rules;
  std::uint64_t position = 0;
  std::string source;
  std::string move;  // record notation
  auto operator<=>(const ExplorerKey&) const = default;
};
struct ExplorerCounts {
  std::int64_t games = 0, first_wins = 0, draws = 0, second_wins = 0;
  std::int64_t rating_sum = 0, rating_count = 0;  // over the known ratings of both players
  ExplorerCounts& operator+=(const ExplorerCounts& o) {
    games += o.games;
    first_wins += o.first_wins;
    draws += o.draws;
    second_wins += o.second_wins;
    rating_sum += o.rating_sum;
    rating_count += o.rating_count;
    return *this;
  }
};
struct ExplorerMove {
  std::string move;
  ExplorerCounts counts;
};

// Filters of the base's search; empty / 0 means any.
struct BaseQuery {
  std::string game, rules, source, player, event, result;
  int year = 0;
  std::optional<std::uint64_t> position;  // games that reached this position key (with game, rules)
  std::size_t offset = 0, limit = 50;
};

class KnowledgeStore {
 public:
  // Opens the database `where` (a postgresql:// URL, or a SQLite file path, created if needed)
  // and migrates it to the current schema.
  static Result<std::unique_ptr<KnowledgeStore>> open(const std::string& where);
  // Over the connections of a store already open and migrated (the server's GameStore).
  explicit KnowledgeStore(Db& db) : db_(db) {}
  ~KnowledgeStore() = default;
  KnowledgeStore(const KnowledgeStore&) = delete;
  KnowledgeStore& operator=(const KnowledgeStore&) = delete;

  int schema_version();
  // Which of `keys` are already in the base.
  Result<std::vector<bool>> contains(const std::vector<std::string>& keys);
  // In one transaction: the games (their ids filled in) and what they add to the index.
  Status add(std::vector<BaseGame>& games, const std::vector<std::pair<ExplorerKey, ExplorerCounts>>& index);
  // The moves played from a position, most played first. `source` empty = every source.
  Result<std::vector<ExplorerMove>> explore(const std::string& game, const std::string& rules, std::uint64_t position,
                                            const std::string& source);
  Result<std::optional<BaseGame>> load(std::int64_t id);
  // Newest date first; `moves` and `tags_json` left empty.
  Result<std::vector<BaseGame>> search(const BaseQuery& q);
  // How many games the query matches (offset and limit aside).
  Result<std::size_t> search_count(const BaseQuery& q);
  Result<std::size_t> count(const std::string& game);
  Result<std::vector<std::string>> sources(const std::string& game);

 private:
  explicit KnowledgeStore(std::unique_ptr<Db> owned) : owned_(std::move(owned)), db_(*owned_) {}

  std::unique_ptr<Db> owned_;  // when opened by open(), not shared
  Db& db_;
};

}  // namespace oyin::storage
