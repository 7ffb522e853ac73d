#pragma once
// Proof certificates for capture Go where every capture ends the game (passing forbidden, each
// side one capture from its target): the setting of the published results, where a position
// depends on its stones and side to move alone (the board only grows until the game ends, so
// no position repeats and the superko history never matters).
//
// A certificate names a root position and the side that wins it, and holds one winning move for
// every position of the proof where the winner is to move. Positions are taken up to the 8
// symmetries of the board: each record is the hash of a position's canonical form (the smallest
// of its 8 images) and the winning move in that orientation, so a position reached by
// transposition or as a mirror image is written once. Two kinds of position need no record:
// where the loser is to move (the checker plays every legal move), and where the winner can end
// the game at once (the checker finds that capture by playing each legal move one ply deep).
//
// The checker re-derives every position from the root with the rules core alone (generate_moves,
// play, status): a hash only finds a record, and a wrong record can only make the check fail.
// Positions already proved are remembered by their exact canonical form, never by a hash.
//
// File: text header lines, then the records, then a checksum line.
//   oyin proof 1
//   rules size=6,target=1,pass=0
//   position 6 ....../....../....../....../....../...... b 0 0 0
//   winner b
//   records N
//   <N records of 10 bytes: hash (8 bytes, little-endian), move (2 bytes: y*size+x, canonical)>
//   end <checksum of the records, 16 hex digits>
// Records are sorted by hash (the checker binary-searches them).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/result.h"
#include "games/capgo/board.h"
#include "games/capgo/rules.h"

namespace oyin::capgo::proof {

struct Record {
  std::uint64_t hash;
  std::uint16_t move;  // y * size + x in the canonical orientation
};

struct Certificate {
  Rules rules;               // size, targets, pass (the setup is in the position)
  std::string position;      // the root, as position text
  int winner = 0;            // 0 black, 1 white
  std::vector<Record> records;  // sorted by hash, no hash twice
};

// Where a certificate applies: passing forbidden, each side one capture from its target, no
// capture made yet. The error says why not.
Status applies(const Position& pos);

// Canonical forms of positions of one board size: 2 bits a point in the order of each of the 8
// symmetries, the side to move, and a presence bit; the smallest of the 8 images.
class Canonical {
 public:
  explicit Canonical(int size);
  int words() const { return words_; }
  // Writes the canonical form of `pos` (words() words) and returns the symmetry used.
  int key(const Position& pos, std::uint64_t* out) const;
  static std::uint64_t hash(const std::uint64_t* key, int words);
  // A point (board index) in the canonical orientation of symmetry t, as y*size+x, and back.
  int to_canonical(const Position& pos, int point, int t) const;
  int from_canonical(const Position& pos, int cpoint, int t) const;

 private:
  int size_, words_;
  std::vector<std::uint16_t> order_[8];  // order_[t][i]: (x,y) index in `pos` read at canonical i
  std::vector<std::uint16_t> where_[8];  // where_[t][x + y*size]: canonical index of that point
};

// A set of canonical forms (open addressing, flat memory): the positions already proved.
class KeySet {
 public:
  explicit KeySet(int words);
  bool contains(const std::uint64_t* key) const;
  void insert(const std::uint64_t* key);
  std::uint64_t size() const { return count_; }
  std::uint64_t bytes() const { return slots_.size() * sizeof(std::uint64_t); }

 private:
  int words_;
  std::uint64_t mask_, count_ = 0;
  std::vector<std::uint64_t> slots_;
  std::uint64_t find(const std::uint64_t* key) const;  // the slot of key or the empty one for it
  void grow();
};

// The records of a finished proof: sorts them and refuses two positions with one hash.
Status finish_records(std::vector<Record>& records);

Status write_certificate(const std::string& path, const Certificate& cert);
Result<Certificate> read_certificate(const std::string& path);

struct VerifyProgress {
  std::uint64_t positions = 0;   // distinct positions proved so far
  std::uint64_t moves = 0;       // moves played by the checker
  double seconds = 0;
};

struct VerifyResult {
  bool proved = false;
  std::string failure;           // the first position not proved, with the moves to it and why
  std::uint64_t positions = 0;   // distinct positions proved (up to symmetry)
  std::uint64_t winner_positions = 0;  // of them with the winner to move
  std::uint64_t records_used = 0;
  std::uint64_t moves = 0;       // moves played
  std::uint64_t memory_bytes = 0;  // the proved-position set and the records
  double seconds = 0;
};

// Checks that the certificate proves its root a win for its winner.
VerifyResult verify(const Certificate& cert, const std::function<void(const VerifyProgress&)>& on_progress = {},
                    int progress_ms = 1000);

}  // namespace oyin::capgo::proof
