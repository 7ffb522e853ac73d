#include "search/capgo/table_file.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace oyin::capgo {

namespace {
constexpr const char* kMagic = "oyin capgo dfpn table 3";
}

std::string table_header_text(const TableFileHeader& h) {
  std::ostringstream o;
  o << kMagic << "\nrules " << h.rules << "\nposition " << h.position << "\nsymmetry " << (h.symmetry ? 1 : 0)
    << "\nlayout " << h.entry_bytes << ' ' << h.bucket_bytes << "\nbuckets " << h.buckets << " used " << h.used
    << " nodes " << h.nodes << "\ndata\n";
  return o.str();
}

Result<TableFileHeader> read_table_header(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return make_error("'" + path + "' is not a regular file");
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("cannot read '" + path + "'");
  auto bad = [&](const std::string& what) { return make_error("'" + path + "' is not an oyin df-pn table (" + what + ")"); };
  std::string line;
  // Header lines are short; a long "line" means a file of some other kind.
  auto next = [&](const char* key) -> Result<std::string> {
    line.clear();
    char ch;
    while (in.get(ch) && ch != '\n')
      if (line.size() < 512) line += ch;
      else return bad("a header line is too long");
    if (!in) return bad("it ends inside the header");
    const std::string k = std::string(key) + " ";
    if (line.rfind(k, 0) != 0) return bad(std::string("no '") + key + "' line");
    return line.substr(k.size());
  };
  TableFileHeader h;
  std::getline(in, line);
  if (line != kMagic) return bad("its first line is not '" + std::string(kMagic) + "'");
  auto rules = next("rules");
  if (!rules) return make_error(rules.error());
  h.rules = *rules;
  auto position = next("position");
  if (!position) return make_error(position.error());
  h.position = *position;
  auto sym = next("symmetry");
  if (!sym) return make_error(sym.error());
  if (*sym != "0" && *sym != "1") return bad("symmetry must be 0 or 1");
  h.symmetry = *sym == "1";
  auto layout = next("layout");
  if (!layout) return make_error(layout.error());
  auto buckets = next("buckets");
  if (!buckets) return make_error(buckets.error());
  {
    std::istringstream l(*layout), b(*buckets);
    std::string used_word, nodes_word;
    if (!(l >> h.entry_bytes >> h.bucket_bytes) || !(b >> h.buckets >> used_word >> h.used >> nodes_word >> h.nodes) ||
        used_word != "used" || nodes_word != "nodes" || h.bucket_bytes == 0)
      return bad("its layout or buckets line cannot be read");
  }
  std::getline(in, line);
  if (line != "data") return bad("no 'data' line");
  h.data_offset = static_cast<std::uint64_t>(in.tellg());
  const std::uint64_t size = std::filesystem::file_size(path, ec);
  if (ec) return make_error("cannot read the size of '" + path + "'");
  if (h.buckets > (size - h.data_offset) / h.bucket_bytes || h.data_offset + h.buckets * h.bucket_bytes != size)
    return make_error("'" + path + "' is cut short or too long: it should hold " + std::to_string(h.buckets) + " buckets of " +
                      std::to_string(h.bucket_bytes) + " bytes");
  return h;
}

}  // namespace oyin::capgo
