#include "core/file.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace oyin {

namespace {

std::string size_text(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 20)) return std::to_string(bytes >> 20) + " MB";
  return std::to_string(bytes) + " bytes";
}

}  // namespace

Result<std::string> read_text_file(const std::string& path, std::size_t max_bytes) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    return make_error("cannot read '" + path + "': " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) return make_error("'" + path + "' is a directory, not a file");
  if (!S_ISREG(st.st_mode)) return make_error("'" + path + "' is not a regular file (a device, pipe or socket)");
  const auto too_big = [&] {
    return make_error("'" + path + "' is larger than " + size_text(max_bytes) + " (the limit for a record file)");
  };
  if (static_cast<std::size_t>(st.st_size) > max_bytes) return too_big();
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) return make_error("cannot read '" + path + "': " + std::strerror(errno));
  // The file may grow between stat and read: read at most one byte past the limit.
  std::string out;
  char buf[65536];
  while (true) {
    const std::size_t n = std::fread(buf, 1, sizeof buf, f.get());
    if (n == 0) break;
    if (out.size() + n > max_bytes) return too_big();
    out.append(buf, n);
  }
  if (std::ferror(f.get())) return make_error("cannot read '" + path + "': read error");
  return out;
}

}  // namespace oyin
