#pragma once
// The capture Go solver's df-pn table kept in a file between runs (oyin solve --table FILE), so
// that a proof too long for one sitting goes on where the last run stopped: the run reads the
// file before it searches and writes it back when it ends (solved, out of time, or stopped by
// Ctrl-C). A table belongs to one root position, rules and symmetry setting, and fits only a
// table at least as big: each is checked before any search.
//
// File: text header lines, then the raw buckets.
//   oyin capgo dfpn table 3
//   rules size=6,target=1,pass=0
//   position 6 ....../....../....../....../.X..../...... w 0 0 0
//   symmetry 1
//   layout <entry bytes> <bucket bytes>
//   buckets <buckets in use> used <filled entries> nodes <nodes searched in all runs so far>
//   data
//   <buckets × bucket bytes>
#include <cstdint>
#include <string>

#include "core/result.h"

namespace oyin::capgo {

struct TableFileHeader {
  std::string rules, position;
  bool symmetry = true;
  std::uint64_t entry_bytes = 0, bucket_bytes = 0;
  std::uint64_t buckets = 0, used = 0, nodes = 0;
  std::uint64_t data_offset = 0;  // where the buckets start (set by read_table_header)
};

std::string table_header_text(const TableFileHeader& h);

// Reads and checks a table file's header, and that the file holds all the buckets it names.
Result<TableFileHeader> read_table_header(const std::string& path);

}  // namespace oyin::capgo
