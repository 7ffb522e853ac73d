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
    // 3: at the table: which seat created an online game (its invite link is given back to that
    // seat only), the rematch that followed a game, and the players' chat kept with the game.
    {.sql = R"sql(
ALTER TABLE games ADD COLUMN creator INTEGER NOT NULL DEFAULT -1;
ALTER TABLE games ADD COLUMN next_game TEXT NOT NULL DEFAULT '';
CREATE TABLE game_chat(
  game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  side INTEGER NOT NULL,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY(game_id, seq)
);
)sql"},
};

}  // namespace

std::span<const Migration> schema_migrations() { return kMigrations; }

}  // namespace oyin::storage
