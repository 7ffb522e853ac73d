#pragma once
// The books of data/books/, compiled in (cmake/embed_books.cmake writes the definition).
#include <cstddef>
#include <vector>

namespace oyin::book {

struct ShippedFile {
  const char* name;  // "<game>.book"
  const unsigned char* bytes;
  std::size_t size;
};
const std::vector<ShippedFile>& shipped_book_files();

}  // namespace oyin::book
