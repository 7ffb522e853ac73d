#include "core/weights_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "core/file.h"

namespace oyin {

namespace {

constexpr char kMagic[8] = {'O', 'Y', 'I', 'N', 'N', 'E', 'T', '\0'};

void put_u32(std::string& s, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) s.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
void put_u64(std::string& s, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) s.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
std::uint64_t get_le(std::string_view s, std::size_t at, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= static_cast<std::uint64_t>(static_cast<unsigned char>(s[at + i])) << (8 * i);
  return v;
}

}  // namespace

std::uint64_t fnv1a64(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::string encode_weights(std::string_view tag, std::string_view payload) {
  std::string s(kMagic, sizeof kMagic);
  put_u32(s, kWeightsFormatVersion);
  std::string t(tag.substr(0, kWeightsTagBytes));
  t.resize(kWeightsTagBytes, '\0');
  s += t;
  put_u64(s, payload.size());
  put_u64(s, fnv1a64(payload));
  s += payload;
  return s;
}

Result<std::string> decode_weights(std::string_view file, std::string_view tag, const std::string& name) {
  const std::string where = "weights file '" + name + "'";
  if (file.size() < kWeightsHeaderBytes || std::memcmp(file.data(), kMagic, sizeof kMagic) != 0)
    return make_error(where + " is not an oyin weights file (no OYINNET header)");
  const auto version = static_cast<std::uint32_t>(get_le(file, 8, 4));
  if (version != kWeightsFormatVersion)
    return make_error(where + " has format version " + std::to_string(version) + "; this oyin reads version " +
                      std::to_string(kWeightsFormatVersion));
  std::string have(file.substr(12, kWeightsTagBytes));
  have.resize(std::strlen(have.c_str()));
  if (have != tag) return make_error(where + " holds a '" + have + "' network, not the '" + std::string(tag) + "' this engine uses");
  const std::uint64_t size = get_le(file, 12 + kWeightsTagBytes, 8);
  const std::uint64_t sum = get_le(file, 20 + kWeightsTagBytes, 8);
  const std::uint64_t rest = file.size() - kWeightsHeaderBytes;
  if (size != rest)
    return make_error(where + " is " + (rest < size ? "truncated" : "too long") + ": its header says " +
                      std::to_string(size) + " bytes of weights, it holds " + std::to_string(rest));
  const std::string_view payload = file.substr(kWeightsHeaderBytes);
  if (fnv1a64(payload) != sum) return make_error(where + " is corrupt (checksum mismatch)");
  return std::string(payload);
}

Status write_weights_file(const std::string& path, std::string_view tag, std::string_view payload) {
  const std::string bytes = encode_weights(tag, payload);
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) return make_error("cannot write '" + path + "': " + std::strerror(errno));
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  f.close();
  if (!f) return make_error("cannot write '" + path + "': write failed");
  return Ok{};
}

Result<std::string> read_weights_file(const std::string& path) {
  auto file = read_text_file(path, kMaxWeightsFileBytes);
  if (!file) return make_error("weights file: " + file.error());
  return *file;
}

}  // namespace oyin
