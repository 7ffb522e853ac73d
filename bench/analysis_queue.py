#!/usr/bin/env python3
"""Fill a SQLite site store with recorded Togyz Kumalak games and one analysis job each, for the
analysis workers' measured run (docs/operations.md "Analysis workers").

  bench/analysis_queue.py STORE.sqlite DEPTH COUNT FILE.pgn...

The store must exist with the site's schema (e.g. `oyin import --db STORE.sqlite FILE.pgn`
creates it). Each game becomes a finished hotseat game of the site (its moves as recorded, which
the worker replays) with a queued job at DEPTH. Prints the number of games queued.
"""
import re
import sqlite3
import sys
import time


def records(text):
    """(result, [moves]) per PGN record: tag pairs, then numbered moves, then the result."""
    for chunk in re.split(r'\n(?=\[Event )', text):
        result = re.search(r'\[Result "([^"]*)"\]', chunk)
        body = re.sub(r'\[[^\]]*\]', ' ', chunk)
        body = re.sub(r'\{[^}]*\}', ' ', body)
        tokens = [t for t in body.split() if not re.fullmatch(r'\d+\.+', t)]
        tokens = [re.sub(r'^\d+\.+', '', t) for t in tokens]
        moves = [t for t in tokens if t and t not in ('1-0', '0-1', '1/2-1/2', '*')]
        if moves:
            yield (result.group(1) if result else '*'), moves


def main():
    store, depth, count, files = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    db = sqlite3.connect(store)
    now = time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())
    ms = int(time.time() * 1000)
    n = 0
    for f in files:
        for result, moves in records(open(f, encoding='utf-8').read()):
            if n >= count:
                break
            gid = 'rec%05d' % n
            db.execute("INSERT INTO games(id, game, rules, start_position, mode, level, ai_side, token0, token1, "
                       "result, reason, created_at, updated_at) VALUES(?, 'togyz', '', '', 'hotseat', 0, -1, '', '', "
                       "?, 'recorded', ?, ?)", (gid, result, now, now))
            db.executemany("INSERT INTO moves(game_id, ply, move) VALUES(?, ?, ?)",
                           [(gid, i, m) for i, m in enumerate(moves)])
            db.execute("INSERT INTO analysis_jobs(game_id, depth, nodes, created_at, created_ms) VALUES(?, ?, 0, ?, ?)",
                       (gid, depth, now, ms))
            n += 1
    db.commit()
    print(n)


if __name__ == '__main__':
    main()
