#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace oyin {

// A game record as read from or written to a file (PGN for Togyz/Tojmot, SGF for capture Go).
struct GameRecord {
  std::vector<std::pair<std::string, std::string>> tags;  // in file order
  std::vector<std::string> moves;                         // move tokens as written, annotations kept
  std::string result = "*";                               // "1-0", "0-1", "1/2-1/2", "*"
  int line = 0;                                           // where the record starts in its file

  std::string tag(std::string_view key) const {
    for (const auto& [k, v] : tags)
      if (k == key) return v;
    return {};
  }
};

}  // namespace oyin
