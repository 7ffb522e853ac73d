#include "book/book_file.h"

#include <algorithm>
#include <cstring>
#include <fstream>

#include "core/file.h"

namespace oyin::book {

namespace {

// Offsets of the fixed part of the header.
constexpr std::size_t kVersionAt = 8, kHeaderSizeAt = 12, kCountAt = 16, kEntrySizeAt = 20, kMarginAt = 24,
                      kChecksumAt = 28, kStringsAt = 36;

void put(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
}

std::uint64_t get(std::string_view in, std::size_t at, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[at + i])) << (8 * i);
  return v;
}

bool entry_order(const BookEntry& a, const BookEntry& b) {
  if (a.key != b.key) return a.key < b.key;
  if (a.weight != b.weight) return a.weight > b.weight;
  return a.move < b.move;
}

bool printable(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c > ' ' && c < 127; });
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

Result<Book> Book::make(BookHeader header, std::vector<BookEntry> entries) {
  for (const std::string* s : {&header.game, &header.rules, &header.note})
    if (s->size() > 0xFFFF) return make_error("book header text longer than 65535 bytes");
  for (const auto& e : entries)
    if (e.move.empty() || e.move.size() > kMoveBytes || !printable(e.move))
      return make_error("book move '" + e.move + "' cannot be stored (1 to 8 printable characters)");
  std::sort(entries.begin(), entries.end(), entry_order);
  for (std::size_t i = 1; i < entries.size(); ++i)
    if (entries[i].key == entries[i - 1].key && entries[i].move == entries[i - 1].move)
      return make_error("book move '" + entries[i].move + "' twice in one position");
  Book b;
  b.header_ = std::move(header);
  b.entries_ = std::move(entries);
  return b;
}

std::string Book::serialize() const {
  std::string out(kMagic, sizeof kMagic);
  put(out, kVersion, 4);
  const std::size_t header_size =
      kStringsAt + 6 + header_.game.size() + header_.rules.size() + header_.note.size();
  put(out, header_size, 4);
  put(out, entries_.size(), 4);
  put(out, kEntrySize, 4);
  put(out, static_cast<std::uint32_t>(header_.margin), 4);
  put(out, 0, 8);  // the checksum, filled in last
  for (const std::string* s : {&header_.game, &header_.rules, &header_.note}) {
    put(out, s->size(), 2);
    out += *s;
  }
  for (const BookEntry& e : entries_) {
    put(out, e.key, 8);
    std::string move = e.move;
    move.resize(kMoveBytes, '\0');
    out += move;
    put(out, e.weight, 4);
    put(out, static_cast<std::uint16_t>(e.score), 2);
    put(out, e.games, 2);
  }
  const std::uint64_t sum = fnv1a64(out);
  for (int i = 0; i < 8; ++i) out[kChecksumAt + static_cast<std::size_t>(i)] = static_cast<char>((sum >> (8 * i)) & 0xFF);
  return out;
}

Status Book::save(const std::string& path) const {
  const std::string bytes = serialize();
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) return make_error("cannot write book '" + path + "'");
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  f.close();
  if (!f) return make_error("cannot write book '" + path + "'");
  return Ok{};
}

Result<Book> Book::load(const std::string& path) {
  auto bytes = read_text_file(path, kMaxBookBytes);
  if (!bytes) return make_error("book '" + path + "': " + bytes.error());
  return parse(*bytes, path);
}

Result<Book> Book::parse(std::string_view in, const std::string& name) {
  auto fail = [&](const std::string& why) { return make_error("book '" + name + "': " + why); };
  if (in.size() < kStringsAt + 6 || std::memcmp(in.data(), kMagic, sizeof kMagic) != 0)
    return fail("not an oyin opening book (no OYINBOOK header)");
  if (const auto v = get(in, kVersionAt, 4); v != kVersion)
    return fail("format version " + std::to_string(v) + ", this oyin reads version " + std::to_string(kVersion));
  const std::uint64_t header_size = get(in, kHeaderSizeAt, 4), count = get(in, kCountAt, 4),
                      entry_size = get(in, kEntrySizeAt, 4);
  if (entry_size != kEntrySize) return fail("entries of " + std::to_string(entry_size) + " bytes, expected 24");
  const std::uint64_t expected = header_size + count * kEntrySize;
  if (header_size < kStringsAt + 6 || expected != in.size())
    return fail("truncated or padded: " + std::to_string(in.size()) + " bytes, the header announces " +
                std::to_string(expected) + " (the file is corrupt)");
  std::string copy(in);
  std::memset(copy.data() + kChecksumAt, 0, 8);
  if (fnv1a64(copy) != get(in, kChecksumAt, 8)) return fail("checksum mismatch (the file is corrupt)");

  BookHeader h;
  h.margin = static_cast<std::int32_t>(static_cast<std::uint32_t>(get(in, kMarginAt, 4)));
  std::size_t at = kStringsAt;
  for (std::string* s : {&h.game, &h.rules, &h.note}) {
    if (at + 2 > header_size) return fail("header strings overrun the header (the file is corrupt)");
    const std::size_t len = get(in, at, 2);
    at += 2;
    if (at + len > header_size) return fail("header strings overrun the header (the file is corrupt)");
    *s = std::string(in.substr(at, len));
    at += len;
  }
  if (at != header_size) return fail("header size does not match its strings (the file is corrupt)");

  std::vector<BookEntry> entries;
  entries.reserve(count);
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::size_t p = header_size + i * kEntrySize;
    BookEntry e;
    e.key = get(in, p, 8);
    std::string_view move = in.substr(p + 8, kMoveBytes);
    move = move.substr(0, std::min(move.find('\0'), move.size()));
    e.move = std::string(move);
    e.weight = static_cast<std::uint32_t>(get(in, p + 16, 4));
    e.score = static_cast<std::int16_t>(static_cast<std::uint16_t>(get(in, p + 20, 2)));
    e.games = static_cast<std::uint16_t>(get(in, p + 22, 2));
    if (e.move.empty() || !printable(e.move)) return fail("entry " + std::to_string(i + 1) + " has no valid move");
    if (!entries.empty() && entry_order(e, entries.back()))
      return fail("entries not sorted at entry " + std::to_string(i + 1) + " (the file is corrupt)");
    entries.push_back(std::move(e));
  }
  Book b;
  b.header_ = std::move(h);
  b.entries_ = std::move(entries);
  return b;
}

std::size_t Book::positions() const {
  std::size_t n = 0;
  for (std::size_t i = 0; i < entries_.size(); ++i) n += i == 0 || entries_[i].key != entries_[i - 1].key;
  return n;
}

std::span<const BookEntry> Book::lookup(std::uint64_t key) const {
  const auto lo = std::lower_bound(entries_.begin(), entries_.end(), key,
                                   [](const BookEntry& e, std::uint64_t k) { return e.key < k; });
  auto hi = lo;
  while (hi != entries_.end() && hi->key == key) ++hi;
  // As a subspan: the WebAssembly build's libc++ 14 has no span from an iterator pair.
  return std::span<const BookEntry>(entries_).subspan(static_cast<std::size_t>(lo - entries_.begin()),
                                                      static_cast<std::size_t>(hi - lo));
}

}  // namespace oyin::book
