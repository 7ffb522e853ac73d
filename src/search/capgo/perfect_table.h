#pragma once
// A perfect-play table: the winning move of positions whose proof takes far longer than a move's
// time (near the start of 6x6 where every capture ends the game), read up to the 8 symmetries of
// the board. The computer player looks here before it solves (search/capgo/perfect_play.h).
//
// Text file (data/capgo/perfect_<size>x<size>.txt, compiled in; bench/capgo_perfect_table.sh
// makes it):
//   oyin perfect 1
//   rules size=6,target=1,pass=0
//   # comments
//   C3 D4 : E5  # the moves from the start, ':', the winning move there; '#' starts a comment
//   end <CRC> <bytes>   the POSIX `cksum` of every byte before this line
// Every row is replayed by the rules when the table is read: an illegal move, a finished game, a
// position twice, or a checksum that does not match refuses the whole table.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "games/capgo/board.h"
#include "games/capgo/rules.h"

namespace oyin::capgo {

class PerfectTable {
 public:
  // `source` names the text in errors ("data/capgo/perfect_6x6.txt").
  static Result<PerfectTable> parse(std::string_view text, const std::string& source);
  static Result<PerfectTable> load(const std::string& path);

  const Rules& rules() const { return rules_; }
  std::size_t size() const { return moves_.size(); }
  // The winning move (board index) of `pos` or of one of its mirror images, turned to `pos`;
  // -1 when the table does not hold it or `pos` is not under the table's rules.
  int lookup(const Position& pos) const;

 private:
  Rules rules_;
  std::map<std::vector<std::uint64_t>, std::uint16_t> moves_;  // canonical form -> canonical move
};

// The POSIX `cksum` CRC of `bytes` (the check on a table's "end" line).
std::uint32_t posix_cksum(std::string_view bytes);

// The table compiled in for boards of `size` (nullptr when none is shipped). A shipped table that
// does not read is refused: nullptr, with the reason in *error when given.
const PerfectTable* shipped_perfect_table(int size, std::string* error = nullptr);

// The text of the table shipped for `size` ("" when none); cmake/embed_text.cmake writes it.
std::string_view shipped_perfect_text(int size);

}  // namespace oyin::capgo
