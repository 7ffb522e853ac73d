#pragma once
// A learned evaluation's weights on disk: a fixed header (magic, format version, architecture
// tag, payload size, checksum) and the payload. Every way a file can be wrong (missing, not a
// weights file, another version or architecture, truncated, bit-flipped) is a one-line error,
// so a bad EvalFile never reaches the search.
//
// Layout (little-endian): "OYINNET\0" | u32 version | char tag[24] (zero-padded) |
//                         u64 payload bytes | u64 FNV-1a-64 of the payload | payload
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"

namespace oyin {

constexpr std::uint32_t kWeightsFormatVersion = 1;
constexpr std::size_t kWeightsTagBytes = 24;
constexpr std::size_t kWeightsHeaderBytes = 8 + 4 + kWeightsTagBytes + 8 + 8;
// A network small enough for a Togyz evaluation is tens of KB; far larger files are not ours.
constexpr std::size_t kMaxWeightsFileBytes = std::size_t{64} << 20;

std::uint64_t fnv1a64(std::string_view bytes);

// The whole file (header + payload) for `tag` (at most kWeightsTagBytes characters).
std::string encode_weights(std::string_view tag, std::string_view payload);
// The payload, if `file` is a version-1 weights file for `tag`; `name` names the file in errors.
Result<std::string> decode_weights(std::string_view file, std::string_view tag, const std::string& name);

Status write_weights_file(const std::string& path, std::string_view tag, std::string_view payload);
// The whole file (header and payload, for decode_weights), at most kMaxWeightsFileBytes.
Result<std::string> read_weights_file(const std::string& path);

}  // namespace oyin
