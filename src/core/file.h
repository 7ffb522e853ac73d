#pragma once
// Reading a user-named file whole (records, opening books), with the checks a hostile or careless
// path needs: only regular files (a directory, /dev/zero or a pipe is refused, never read
// forever) and a size limit, each with a one-line reason.
#include <cstddef>
#include <string>

#include "core/result.h"

namespace oyin {

// Game records are text: the largest real collections are a few MB; 64 MB is far beyond any.
constexpr std::size_t kMaxRecordFileBytes = std::size_t{64} << 20;

Result<std::string> read_text_file(const std::string& path, std::size_t max_bytes = kMaxRecordFileBytes);

}  // namespace oyin
