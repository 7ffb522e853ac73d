#include "storage/migrations.h"

namespace oyin::storage {

namespace {

// Migration 1's text shared by both backends.
#define OYIN_GAMES_COLUMNS \
  "id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL, start_position TEXT NOT NULL, mode TEXT NOT NULL, " \
  "level INTEGER NOT NULL, ai_side INTEGER NOT NULL, token0 TEXT NOT NULL, token1 TEXT NOT NULL, " \
  "result TEXT NOT NULL DEFAULT '*', reason TEXT NOT NULL DEFAULT '', draw_offer INTEGER NOT NULL DEFAULT -1, " \
  "created_at TEXT NOT NULL, updated_at TEXT NOT NULL"
#define OYIN_MOVES_COLUMNS \
  "game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, ply INTEGER NOT NULL, move TEXT NOT NULL, " \
  "PRIMARY KEY(game_id, ply)"

// Migration 3's text shared by both backends (string literals, pasted into each).
#define OYIN_USERS_COLUMNS \
  "username TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL, " \
  "chat INTEGER NOT NULL DEFAULT 1, created_at TEXT NOT NULL"
#define OYIN_RATING_HISTORY_COLUMNS \
  "user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE, game TEXT NOT NULL, speed TEXT NOT NULL, " \
  "game_id TEXT NOT NULL, rating_before DOUBLE PRECISION NOT NULL, rating DOUBLE PRECISION NOT NULL, " \
  "rd DOUBLE PRECISION NOT NULL, at TEXT NOT NULL, PRIMARY KEY(game_id, user_id)"
#define OYIN_ACCOUNTS_COMMON \
  "CREATE INDEX rating_history_user ON rating_history(user_id, game, speed);\n" \
  "CREATE TABLE sessions(token_hash TEXT PRIMARY KEY, user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE, " \
  "created_at TEXT NOT NULL);\n" \
  "CREATE INDEX sessions_user ON sessions(user_id);\n" \
  "CREATE TABLE ratings(user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE, game TEXT NOT NULL, " \
  "speed TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL, rd DOUBLE PRECISION NOT NULL, " \
  "volatility DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL DEFAULT 0, updated_at TEXT NOT NULL, " \
  "PRIMARY KEY(user_id, game, speed));\n" \
  "CREATE INDEX ratings_board ON ratings(game, speed, rating);\n" \
  "CREATE TABLE first_beaten(game TEXT NOT NULL, level INTEGER NOT NULL, user_id BIGINT NOT NULL " \
  "REFERENCES users(id) ON DELETE CASCADE, game_id TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY(game, level));\n" \
  "ALTER TABLE games ADD COLUMN user0 BIGINT;\n" \
  "ALTER TABLE games ADD COLUMN user1 BIGINT;\n" \
  "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;\n" \
  "ALTER TABLE games ADD COLUMN rating_done INTEGER NOT NULL DEFAULT 0;\n" \
  "CREATE INDEX games_user0 ON games(user0);\n" \
  "CREATE INDEX games_user1 ON games(user1);\n"

// Migration 13's text shared by both backends.
#define OYIN_REPORTS_COLUMNS \
  "reporter_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE, " \
  "target_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE, reason TEXT NOT NULL, text TEXT NOT NULL, " \
  "game_id TEXT, chat_seq INTEGER, chat_text TEXT, state TEXT NOT NULL DEFAULT 'open', created_at TEXT NOT NULL, " \
  "created_ms BIGINT NOT NULL, closed_by TEXT, closed_at TEXT, outcome TEXT"
#define OYIN_AUDIT_COLUMNS "at TEXT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL, target TEXT NOT NULL, detail TEXT NOT NULL"
#define OYIN_FAIR_PLAY_COMMON \
  "CREATE INDEX reports_by_state ON reports(state, id);\n" \
  "CREATE INDEX reports_by_reporter ON reports(reporter_id, created_ms);\n" \
  "CREATE TABLE blocks(user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE, " \
  "blocked_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE, created_at TEXT NOT NULL, " \
  "PRIMARY KEY(user_id, blocked_id));\n" \
  "CREATE INDEX blocks_blocked ON blocks(blocked_id);\n" \
  "CREATE TABLE bad_endings(user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE, game_id TEXT NOT NULL, " \
  "kind TEXT NOT NULL, at_ms BIGINT NOT NULL, PRIMARY KEY(user_id, game_id));\n" \
  "CREATE TABLE playbans(user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE, starts_ms BIGINT NOT NULL, " \
  "ends_ms BIGINT NOT NULL, bad_endings INTEGER NOT NULL, PRIMARY KEY(user_id, starts_ms));\n"

// Migration 14's text shared by both backends.
#define OYIN_ANALYSIS_JOB_COLUMNS \
  "game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, depth INTEGER NOT NULL, nodes BIGINT NOT NULL, " \
  "status TEXT NOT NULL DEFAULT 'queued', total INTEGER NOT NULL DEFAULT 0, done INTEGER NOT NULL DEFAULT 0, " \
  "lease TEXT NOT NULL DEFAULT '', lease_until_ms BIGINT NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0, " \
  "error TEXT NOT NULL DEFAULT '', requested_by BIGINT NOT NULL DEFAULT 0, created_at TEXT NOT NULL, " \
  "created_ms BIGINT NOT NULL, UNIQUE(game_id, depth, nodes)"
#define OYIN_ANALYSIS_COMMON \
  "CREATE INDEX analysis_jobs_queue ON analysis_jobs(status, id);\n" \
  "CREATE INDEX analysis_jobs_by_requester ON analysis_jobs(requested_by, created_ms);\n" \
  "CREATE TABLE analysis_positions(job_id BIGINT NOT NULL REFERENCES analysis_jobs(id) ON DELETE CASCADE, " \
  "ply INTEGER NOT NULL, score INTEGER NOT NULL, mate INTEGER, best TEXT NOT NULL, best_line TEXT NOT NULL, " \
  "nodes BIGINT NOT NULL, PRIMARY KEY(job_id, ply));\n"

// Entry i moves the schema from version i to i+1. Never edit a released entry: append one.
// Write `sql` once for both backends; give `sqlite` or `postgresql` text only for what cannot
// be shared (then both must make the same tables and columns).
const Migration kMigrations[] = {
    // 1: games and their moves. PostgreSQL has no rowid: a BIGSERIAL column of that name keeps
    // "ORDER BY rowid" (insertion order) one text for both.
    {.sql = nullptr,
     .sqlite = "CREATE TABLE games(" OYIN_GAMES_COLUMNS ");\n"
               "CREATE TABLE moves(" OYIN_MOVES_COLUMNS ") WITHOUT ROWID;\n",
     .postgresql = "CREATE TABLE games(rowid BIGSERIAL UNIQUE, " OYIN_GAMES_COLUMNS ");\n"
                   "CREATE TABLE moves(" OYIN_MOVES_COLUMNS ");\n"},
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
    // 4: the knowledge store (storage/knowledge_store.h): the game base and the opening
    // explorer's index. Ids are given by the store (MAX(id)+1 in the writing transaction), not by
    // an auto-increment, whose spelling differs. IF NOT EXISTS: a SQLite base made before this
    // migration (when these tables had a version table of their own, knowledge_schema) keeps its
    // games.
    {.sql = R"sql(
CREATE TABLE IF NOT EXISTS knowledge_variants(
  id BIGINT NOT NULL PRIMARY KEY,
  game TEXT NOT NULL,
  rules TEXT NOT NULL,
  UNIQUE(game, rules)
);
CREATE TABLE IF NOT EXISTS knowledge_sources(
  id BIGINT NOT NULL PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS base_games(
  id BIGINT NOT NULL PRIMARY KEY,
  content_key TEXT NOT NULL UNIQUE,
  variant_id BIGINT NOT NULL REFERENCES knowledge_variants(id),
  source_id BIGINT NOT NULL REFERENCES knowledge_sources(id),
  start_position TEXT NOT NULL,
  event TEXT NOT NULL,
  site TEXT NOT NULL,
  date TEXT NOT NULL,
  year INTEGER NOT NULL,
  round TEXT NOT NULL,
  white TEXT NOT NULL,
  black TEXT NOT NULL,
  white_elo INTEGER NOT NULL,
  black_elo INTEGER NOT NULL,
  time_control TEXT NOT NULL,
  result TEXT NOT NULL,
  reason TEXT NOT NULL,
  ply_count INTEGER NOT NULL,
  moves TEXT NOT NULL,
  tags TEXT NOT NULL,
  file TEXT NOT NULL,
  line INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS base_games_by_white ON base_games(variant_id, white);
CREATE INDEX IF NOT EXISTS base_games_by_black ON base_games(variant_id, black);
CREATE INDEX IF NOT EXISTS base_games_by_year ON base_games(variant_id, year);
CREATE TABLE IF NOT EXISTS explorer_moves(
  variant_id BIGINT NOT NULL REFERENCES knowledge_variants(id),
  position_key BIGINT NOT NULL,
  source_id BIGINT NOT NULL REFERENCES knowledge_sources(id),
  move TEXT NOT NULL,
  games BIGINT NOT NULL,
  first_wins BIGINT NOT NULL,
  draws BIGINT NOT NULL,
  second_wins BIGINT NOT NULL,
  rating_sum BIGINT NOT NULL,
  rating_count BIGINT NOT NULL,
  PRIMARY KEY(variant_id, position_key, source_id, move)
);
CREATE TABLE IF NOT EXISTS base_positions(
  variant_id BIGINT NOT NULL REFERENCES knowledge_variants(id),
  position_key BIGINT NOT NULL,
  game_id BIGINT NOT NULL REFERENCES base_games(id),
  ply INTEGER NOT NULL,
  PRIMARY KEY(variant_id, position_key, game_id)
);
DROP TABLE IF EXISTS knowledge_schema;
)sql"},
    // 5: the lobby's open challenges. A seek
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
    // 6: accounts and ratings. users.id counts up (SQLite's INTEGER PRIMARY KEY, PostgreSQL's
    // BIGSERIAL: the only difference between the two texts, with rating_history's rowid for its
    // order). Only a hash of a session token is kept; a game's seats get the accounts that play
    // them (user0/user1, NULL for a guest or the computer), whether it is rated, and whether its
    // ratings were applied (set once, in the transaction that applies them).
    {.sql = nullptr,
     .sqlite = "CREATE TABLE users(id INTEGER PRIMARY KEY, " OYIN_USERS_COLUMNS ");\n"
               "CREATE TABLE rating_history(" OYIN_RATING_HISTORY_COLUMNS ");\n" OYIN_ACCOUNTS_COMMON,
     .postgresql = "CREATE TABLE users(id BIGSERIAL PRIMARY KEY, " OYIN_USERS_COLUMNS ");\n"
                   "CREATE TABLE rating_history(rowid BIGSERIAL UNIQUE, " OYIN_RATING_HISTORY_COLUMNS ");\n"
                   OYIN_ACCOUNTS_COMMON},
    // 7: the account that posted a seek (NULL for a guest), whom the lobby seats in the game it
    // starts, so that a rated seek makes a rated game between two accounts.
    {.sql = "ALTER TABLE seeks ADD COLUMN user_id BIGINT;"},
    // 8: what an account has learnt (storage/learn_store.h): finished lessons, the puzzle rating
    // per game, and the finished puzzles in the order they were finished (seq, per account).
    {.sql = R"sql(
CREATE TABLE lesson_progress(
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lesson_id TEXT NOT NULL,
  done_at TEXT NOT NULL,
  PRIMARY KEY(user_id, lesson_id)
);
CREATE TABLE puzzle_ratings(
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  game TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  rd DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  PRIMARY KEY(user_id, game)
);
CREATE TABLE puzzle_attempts(
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  puzzle_id TEXT NOT NULL,
  game TEXT NOT NULL,
  solved INTEGER NOT NULL,
  seq BIGINT NOT NULL,
  at TEXT NOT NULL,
  PRIMARY KEY(user_id, puzzle_id)
);
CREATE INDEX puzzle_attempts_order ON puzzle_attempts(user_id, seq);
)sql"},
    // 9: quick pairing and direct challenges live in the seeks table too, so that they are
    // claimed exactly once by the same conditional UPDATE. `kind`: seek (listed), quick (a
    // "play now" request, not listed) or challenge (to one account, `to_user`; may end
    // "declined"). `speed`: the clock's speed class, to read the seeker's current rating with the
    // row. `created_ms`: the server clock when it was made (the quick window widens with the wait).
    {.sql = R"sql(
ALTER TABLE seeks ADD COLUMN kind TEXT NOT NULL DEFAULT 'seek';
ALTER TABLE seeks ADD COLUMN speed TEXT NOT NULL DEFAULT '';
ALTER TABLE seeks ADD COLUMN to_user BIGINT;
ALTER TABLE seeks ADD COLUMN to_username TEXT;
ALTER TABLE seeks ADD COLUMN created_ms BIGINT NOT NULL DEFAULT 0;
CREATE INDEX seeks_by_kind ON seeks(kind, state, game);
CREATE INDEX seeks_by_to_user ON seeks(to_user, state);
)sql"},
    // 10: a lobby row lives while the store says so, not while one instance's timer runs (which a
    // restart or a killed instance lost): `held_until_ms` is the wall-clock millisecond it expires
    // at, pushed on while a lobby socket of its creator is open on some instance. Rows from before
    // have 0 and so are expired. `owner` ("user:<id>", or "addr:<address>" for a guest) is whom
    // the per-client limits count; a row of seek_owners is locked while one of them is counted
    // and added to, so that racing requests on several instances stay within the limit.
    {.sql = R"sql(
ALTER TABLE seeks ADD COLUMN held_until_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE seeks ADD COLUMN owner TEXT NOT NULL DEFAULT '';
CREATE INDEX seeks_by_owner ON seeks(owner, kind, state);
CREATE TABLE seek_owners(owner TEXT PRIMARY KEY);
)sql"},
    // 11: limits on sign-ins and sign-ups kept in the store (storage/attempt_store.h), shared by
    // every instance and kept over a restart: a count per bucket ("in:name|address", ...) and the
    // Unix time its window ends. known_addresses: where each account was signed in from, whose
    // sign-ins a guessing storm on the account from elsewhere does not stop. Sessions: when each
    // began and was last used (Unix ms; 0 in a session from before, kept by created_at), for
    // sessions that end 30 days after their last use.
    {.sql = R"sql(
CREATE TABLE attempt_counts(
  bucket TEXT PRIMARY KEY,
  n INTEGER NOT NULL,
  until_ms BIGINT NOT NULL
);
CREATE INDEX attempt_counts_until ON attempt_counts(until_ms);
CREATE TABLE known_addresses(
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  address TEXT NOT NULL,
  last_ms BIGINT NOT NULL,
  PRIMARY KEY(user_id, address)
);
ALTER TABLE sessions ADD COLUMN created_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN last_seen_ms BIGINT NOT NULL DEFAULT 0;
)sql"},
    // 12: keys the server makes once and every instance shares (server/learn/result_seal.h: the seal
    // on results a browser carries for a guest).
    {.sql = R"sql(
CREATE TABLE server_secrets(
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
)sql"},
    // 13: fair play (storage/fair_play_store.h). An account's standing: its role ("" or
    // "moderator"), its chat muted until a Unix ms, closed (no sign-in) since a time. Blocks one
    // account keeps against another; reports of players or chat lines (a chat line's text copied,
    // since the game's chat may go); the audit log of every moderator's, operator's and the
    // server's own action; games a player abandoned or sat out lost on the clock, and the pairing
    // bans ("playbans") they earned.
    {.sqlite = "ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT '';\n"
               "ALTER TABLE users ADD COLUMN muted_until_ms BIGINT NOT NULL DEFAULT 0;\n"
               "ALTER TABLE users ADD COLUMN closed_at TEXT;\n"
               "CREATE TABLE reports(id INTEGER PRIMARY KEY, " OYIN_REPORTS_COLUMNS ");\n"
               "CREATE TABLE audit_log(id INTEGER PRIMARY KEY, " OYIN_AUDIT_COLUMNS ");\n" OYIN_FAIR_PLAY_COMMON,
     .postgresql = "ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT '';\n"
                   "ALTER TABLE users ADD COLUMN muted_until_ms BIGINT NOT NULL DEFAULT 0;\n"
                   "ALTER TABLE users ADD COLUMN closed_at TEXT;\n"
                   "CREATE TABLE reports(id BIGSERIAL PRIMARY KEY, " OYIN_REPORTS_COLUMNS ");\n"
                   "CREATE TABLE audit_log(id BIGSERIAL PRIMARY KEY, " OYIN_AUDIT_COLUMNS ");\n" OYIN_FAIR_PLAY_COMMON},
    // 14: the queue of computer analyses of games and what the workers wrote, position by position
    // (storage/analysis_job_store.h).
    {.sqlite = "CREATE TABLE analysis_jobs(id INTEGER PRIMARY KEY, " OYIN_ANALYSIS_JOB_COLUMNS ");\n" OYIN_ANALYSIS_COMMON,
     .postgresql = "CREATE TABLE analysis_jobs(id BIGSERIAL PRIMARY KEY, " OYIN_ANALYSIS_JOB_COLUMNS ");\n" OYIN_ANALYSIS_COMMON},
    // 15: tournaments (storage/tournament_store.h): the event and its settings, its players with
    // their start numbers, and its pairings with the game each was played in. `version` grows with
    // every pairing step, so a step is made exactly once across instances (a conditional UPDATE).
    {.sql = R"sql(
CREATE TABLE tournaments(
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  game TEXT NOT NULL,
  rules TEXT NOT NULL,
  format TEXT NOT NULL,
  initial_s BIGINT NOT NULL,
  increment_s BIGINT NOT NULL,
  rated INTEGER NOT NULL,
  starts_ms BIGINT NOT NULL,
  minutes INTEGER NOT NULL DEFAULT 0,
  rounds INTEGER NOT NULL DEFAULT 0,
  double_rr INTEGER NOT NULL DEFAULT 0,
  min_players INTEGER NOT NULL,
  max_players INTEGER NOT NULL,
  password_hash TEXT NOT NULL DEFAULT '',
  creator BIGINT NOT NULL,
  creator_name TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'created',
  round INTEGER NOT NULL DEFAULT 0,
  version BIGINT NOT NULL DEFAULT 0,
  started_ms BIGINT NOT NULL DEFAULT 0,
  ends_ms BIGINT NOT NULL DEFAULT 0,
  finished_ms BIGINT NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  created_ms BIGINT NOT NULL
);
CREATE INDEX tournaments_by_status ON tournaments(status, starts_ms);
CREATE TABLE tournament_players(
  tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  username TEXT NOT NULL,
  rating INTEGER NOT NULL,
  number INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1,
  paused INTEGER NOT NULL DEFAULT 0,
  joined_ms BIGINT NOT NULL,
  PRIMARY KEY(tournament_id, user_id)
);
CREATE TABLE tournament_pairings(
  tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  round INTEGER NOT NULL,
  white BIGINT NOT NULL,
  black BIGINT NOT NULL,
  game_id TEXT NOT NULL DEFAULT '',
  result TEXT NOT NULL DEFAULT '',
  forfeit INTEGER NOT NULL DEFAULT 0,
  match_game INTEGER NOT NULL DEFAULT 0,
  decider INTEGER NOT NULL DEFAULT 0,
  berserk INTEGER NOT NULL DEFAULT 0,
  plies INTEGER NOT NULL DEFAULT 0,
  ended_ms BIGINT NOT NULL DEFAULT 0,
  created_ms BIGINT NOT NULL,
  PRIMARY KEY(tournament_id, seq)
);
CREATE INDEX tournament_pairings_game ON tournament_pairings(game_id);
)sql"},
    // 16: a game review measures a move by the played move's score from the position before it,
    // searched to the same horizon as the engine's move (review/position_analysis.h).
    {.sql = R"sql(
ALTER TABLE analysis_positions ADD COLUMN played_score INTEGER;
ALTER TABLE analysis_positions ADD COLUMN played_mate INTEGER;
)sql"},
    // 17: a tournament's game knows its tournament (a link back, no rematch) and keeps an arena
    // berserk's halved clock (bit 1: the first side, 2: the second) across a restart before the
    // berserk side's first move.
    {.sql = R"sql(
ALTER TABLE games ADD COLUMN tournament TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN clock_cut INTEGER NOT NULL DEFAULT 0;
)sql"},
    // 18: names are unique by their look-alike skeleton too (server/accounts/user_names.h). Every
    // name taken before is Latin, whose skeleton is its lower-case key.
    {.sql = R"sql(
ALTER TABLE users ADD COLUMN name_skeleton TEXT;
UPDATE users SET name_skeleton = name_key;
CREATE UNIQUE INDEX users_name_skeleton ON users(name_skeleton);
)sql"},
    // 19: a game imported for review (a record, a game of the base) keeps its record's tags: the
    // players, the event, the date.
    {.sql = "ALTER TABLE games ADD COLUMN record_tags TEXT NOT NULL DEFAULT '';"},
    // 20: each puzzle's rating learned from accounts' first attempts (Glicko-2 of the puzzle
    // against the solver, from the rating its file gives); a puzzle with no row has its file's.
    {.sql = R"sql(
CREATE TABLE puzzle_difficulty(
  puzzle_id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  rd DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  attempts INTEGER NOT NULL,
  solved INTEGER NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX puzzle_difficulty_game ON puzzle_difficulty(game);
)sql"},
    // 21: games played in a browser (with no server, perhaps offline) and uploaded to an account:
    // the key the browser gave each one (a retried upload is stored once) and when it was played.
    {.sql = R"sql(
CREATE TABLE game_uploads(
  user_id BIGINT NOT NULL,
  client_key TEXT NOT NULL,
  game_id TEXT NOT NULL,
  played_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY(user_id, client_key)
);
CREATE UNIQUE INDEX game_uploads_game ON game_uploads(game_id);
)sql"},
    // 22: the base's games by source, for the list of a game's sources (GET /api/base answers it
    // every time) and the search of one source, without reading every game.
    {.sql = "CREATE INDEX IF NOT EXISTS base_games_by_source ON base_games(source_id, variant_id);"},
};

}  // namespace

std::span<const Migration> schema_migrations() { return kMigrations; }

}  // namespace oyin::storage
