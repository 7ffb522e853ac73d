#pragma once
// `oyin import`: record files (PGN, SGF) into the game base and the explorer index. Every game
// is replayed by its rules; a game the rules refuse (an illegal move, a result the rules
// contradict) is reported with its file and line and skipped; a game already in the base (by its
// content key) is skipped as a duplicate. Games are written in batches, one transaction each,
// with what they add to the index.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/result.h"
#include "storage/knowledge_store.h"

namespace oyin::knowledge {

struct ImportOptions {
  std::string source;  // empty = each file's name without its folder and extension
  std::string game;    // empty = found per record (a Variant tag, or the rules that accept it)
  std::size_t batch = 2000;
  // Called after each batch and at the end of each file, with what has been done so far.
  std::function<void(const std::string& file, std::size_t read, std::size_t added)> progress;
  // One line per refused game: "FILE:LINE: game N: why".
  std::function<void(const std::string& line)> problem;
};

struct ImportSummary {
  std::size_t files = 0, read = 0, added = 0, duplicates = 0, bad = 0;
  double seconds = 0;
};

// Reads, checks and stores every game of `files`. A file that cannot be read or parsed at all
// is an error (nothing of it is stored); bad games inside a file are only counted and reported.
Result<ImportSummary> import_files(storage::KnowledgeStore& store, const std::vector<std::string>& files,
                                   const ImportOptions& opt);

// The same for record text held in memory, named `file` in reports; adds to `summary`.
Status import_text(storage::KnowledgeStore& store, const std::string& text, const std::string& file,
                   const ImportOptions& opt, ImportSummary& summary);

}  // namespace oyin::knowledge
