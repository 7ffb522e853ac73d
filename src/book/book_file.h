#pragma once
// The opening book file: a compact binary table, position key -> book moves, read whole into
// memory and probed by binary search. It knows no game: keys are the rules' Zobrist hashes
// (GameState::hash(), the same key the explorer indexes), moves are protocol text.
//
// Layout, all integers little-endian:
//   header   "OYINBOOK" magic (8 bytes), version u32 (1), header size u32 (the entries start
//            there), entry count u32, entry size u32 (24), margin i32 (score units: the pick
//            takes moves this close to the best), checksum u64 (FNV-1a 64 of the whole file with
//            these 8 bytes as zeros), then three strings, each a u16 length and its bytes:
//            the game, the rules text, a note (how the book was built)
//   entries  sorted by key, then by weight (highest first): key u64, move char[8] (NUL-padded
//            protocol notation), weight u32, score i16 (after the move, from the mover's view,
//            in the game's score units), games u16 (how often the source played it, capped)
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace oyin::book {

constexpr char kMagic[8] = {'O', 'Y', 'I', 'N', 'B', 'O', 'O', 'K'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kEntrySize = 24;
constexpr std::size_t kMoveBytes = 8;
constexpr std::size_t kMaxBookBytes = std::size_t{256} << 20;

struct BookEntry {
  std::uint64_t key = 0;
  std::string move;          // protocol notation, at most 8 characters
  std::uint32_t weight = 0;  // relative among the moves of one position
  std::int16_t score = 0;    // the verifying search's score for the mover
  std::uint16_t games = 0;
};

struct BookHeader {
  std::string game;   // the registry's name
  std::string rules;  // the rules text the book's positions were played under
  std::string note;   // how it was built (the command line)
  std::int32_t margin = 0;
};

class Book {
 public:
  Book() = default;
  // Entries in any order; they are sorted here. An entry's move longer than 8 characters or
  // empty is an error.
  static Result<Book> make(BookHeader header, std::vector<BookEntry> entries);
  // Reads and checks a book file; every error is one line naming the file.
  static Result<Book> load(const std::string& path);
  // The same for bytes in memory; `name` stands for the file in errors.
  static Result<Book> parse(std::string_view bytes, const std::string& name);

  std::string serialize() const;
  Status save(const std::string& path) const;

  const BookHeader& header() const { return header_; }
  const std::vector<BookEntry>& entries() const { return entries_; }
  std::size_t positions() const;
  // The entries of one position (highest weight first); empty when the book does not have it.
  std::span<const BookEntry> lookup(std::uint64_t key) const;

 private:
  BookHeader header_;
  std::vector<BookEntry> entries_;
};

// FNV-1a 64 of bytes: the file's checksum.
std::uint64_t fnv1a64(std::string_view bytes);

}  // namespace oyin::book
