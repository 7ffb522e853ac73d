#include "storage/migrations.h"

namespace oyin::storage {

namespace {

// Entry i moves the schema from version i to i+1. Never edit a released entry: append one.
// Write `sql` once for both backends; give `sqlite` or `postgresql` text only for what cannot
// be shared (then both must make the same tables and columns).
const Migration kMigrations[] = {
    // 1: games and their moves. PostgreSQL has no rowid: a BIGSERIAL column of that name keeps
    // "ORDER BY rowid" (insertion order) one text for both.
    {.sql = nullptr,
     .sqlite = R"sql(
CREATE TABLE games(
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  rules TEXT NOT NULL,
  start_position TEXT NOT NULL,
  mode TEXT NOT NULL,
  level INTEGER NOT NULL,
  ai_side INTEGER NOT NULL,
  token0 TEXT NOT NULL,
  token1 TEXT NOT NULL,
  result TEXT NOT NULL DEFAULT '*',
  reason TEXT NOT NULL DEFAULT '',
  draw_offer INTEGER NOT NULL DEFAULT -1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE moves(
  game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply INTEGER NOT NULL,
  move TEXT NOT NULL,
  PRIMARY KEY(game_id, ply)
) WITHOUT ROWID;
)sql",
     .postgresql = R"sql(
CREATE TABLE games(
  rowid BIGSERIAL UNIQUE,
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  rules TEXT NOT NULL,
  start_position TEXT NOT NULL,
  mode TEXT NOT NULL,
  level INTEGER NOT NULL,
  ai_side INTEGER NOT NULL,
  token0 TEXT NOT NULL,
  token1 TEXT NOT NULL,
  result TEXT NOT NULL DEFAULT '*',
  reason TEXT NOT NULL DEFAULT '',
  draw_offer INTEGER NOT NULL DEFAULT -1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE moves(
  game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply INTEGER NOT NULL,
  move TEXT NOT NULL,
  PRIMARY KEY(game_id, ply)
);
)sql"},
    // 2: clocks: the time control of a game and the mover's time left after each move (-1 when
    // the game is untimed), from which the clocks are rebuilt after a restart.
    {.sql = R"sql(
ALTER TABLE games ADD COLUMN clock_initial_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_increment_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE moves ADD COLUMN clock_ms INTEGER NOT NULL DEFAULT -1;
)sql"},
    // 4 (3 is the accounts' migration, on its own branch): the lobby's open challenges. A seek
    // is "open" until one acceptor's conditional UPDATE makes it "claimed" (exactly once across
    // instances), then "started" with the game and the creator's seat token, which the
    // creator's lobby socket, on whichever instance, reads and passes on. `held`: a lobby socket
    // (on any instance) speaks for it, so no instance's expiry timer removes it.
    {.sql = R"sql(
CREATE TABLE seeks(
  id TEXT PRIMARY KEY,
  token TEXT NOT NULL UNIQUE,
  game TEXT NOT NULL,
  rules TEXT NOT NULL,
  clock_initial_s INTEGER NOT NULL,
  clock_increment_s INTEGER NOT NULL,
  rated INTEGER NOT NULL,
  color TEXT NOT NULL,
  username TEXT,
  rating INTEGER,
  state TEXT NOT NULL DEFAULT 'open',
  game_id TEXT NOT NULL DEFAULT '',
  creator_token TEXT NOT NULL DEFAULT '',
  held INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX seeks_by_state ON seeks(state, created_at);
)sql"},
};

}  // namespace

std::span<const Migration> schema_migrations() { return kMigrations; }

}  // namespace oyin::storage
