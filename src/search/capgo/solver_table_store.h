#pragma once
// Proof-number search's table kept in a file between runs of one long capture Go solve
// (SolverOptions::table_file; the file's layout: table_file.h): read before the search, after a
// check that it belongs to this solve, and written when the search ends.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

#include "games/capgo/game.h"
#include "search/capgo/solver.h"
#include "search/capgo/solver_entries.h"
#include "search/capgo/solver_table.h"
#include "search/capgo/table_file.h"

namespace oyin::capgo::solver {

class TableStore {
 public:
  TableStore(const SolverOptions& opt, Table<PnEntry, 4>& pn) : opt_(opt), pn_(pn) {}

  // Reads the table file if there is one; false (with r.table_error) if it does not fit here.
  bool read(const Position& root, SolveResult& r) {
    const std::string& path = opt_.table_file;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return true;  // the first run: written at the end
    auto h = read_table_header(path);
    if (!h) {
      r.table_error = h.error();
      return false;
    }
    if (!fits(*h, root, r)) return false;
    std::FILE* f = std::fopen(path.c_str(), "rb");
    const bool ok = f && std::fseek(f, static_cast<long>(h->data_offset), SEEK_SET) == 0 && pn_.read(f, h->buckets, h->used);
    if (f) std::fclose(f);
    if (!ok) {
      r.table_error = "cannot read the table in '" + path + "'";
      return false;
    }
    r.table_read = true;
    r.table_read_entries = h->used;
    r.table_earlier_nodes = h->nodes;
    return true;
  }

  // Writes the table next to the file and then over it, so a failed write loses nothing.
  void write(const Position& root, std::uint64_t nodes, SolveResult& r) {
    const auto t = std::chrono::steady_clock::now();
    TableFileHeader h = header(root);
    h.buckets = pn_.buckets();
    h.used = pn_.used();
    h.nodes = r.table_earlier_nodes + nodes;
    const std::string tmp = opt_.table_file + ".tmp";
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    const std::string head = table_header_text(h);
    bool ok = f && std::fwrite(head.data(), 1, head.size(), f) == head.size() && pn_.write(f);
    if (f) ok = std::fclose(f) == 0 && ok;
    std::error_code ec;
    if (ok) std::filesystem::rename(tmp, opt_.table_file, ec);
    if (!ok || ec) {
      std::filesystem::remove(tmp, ec);
      r.table_error = "cannot write '" + tmp + "'";
      return;
    }
    r.table_written = true;
    r.table_file_bytes = head.size() + h.buckets * h.bucket_bytes;
    r.table_write_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  }

 private:
  const SolverOptions& opt_;
  Table<PnEntry, 4>& pn_;

  TableFileHeader header(const Position& root) const {
    TableFileHeader h;
    h.rules = rules_to_text(Rules{root.size, {root.target[0], root.target[1]}, root.pass_allowed, {}});
    h.position = to_text(root);
    h.symmetry = opt_.symmetry;
    h.entry_bytes = sizeof(PnEntry);
    h.bucket_bytes = Table<PnEntry, 4>::kBucketBytes;
    return h;
  }

  // Whether the file's table is this solve's (rules, position, symmetry, layout) and fits in the
  // memory given; if not, why in r.table_error.
  bool fits(const TableFileHeader& h, const Position& root, SolveResult& r) const {
    const std::string& path = opt_.table_file;
    const TableFileHeader want = header(root);
    auto differs = [&](const char* what, const std::string& file, const std::string& here) {
      r.table_error = "the table in '" + path + "' is for " + what + " " + file + ", not " + here;
      return false;
    };
    if (h.rules != want.rules) return differs("rules", h.rules, want.rules);
    if (h.position != want.position) return differs("the position", h.position, want.position);
    if (h.symmetry != want.symmetry)
      return differs("a search", h.symmetry ? "with symmetry" : "without symmetry", want.symmetry ? "with it" : "without it");
    if (h.entry_bytes != want.entry_bytes || h.bucket_bytes != want.bucket_bytes)
      return differs("another table layout:", std::to_string(h.entry_bytes) + "-byte entries",
                     std::to_string(want.entry_bytes) + "-byte ones (a different oyin)");
    if (h.buckets > pn_.max_buckets()) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "%.3f",
                    std::ceil(static_cast<double>(h.buckets * h.bucket_bytes) / (1024.0 * 1024.0 * 1024.0) * 1000) / 1000);
      r.table_error = "the table in '" + path + "' holds " + buf + " GB: give --memory " + buf + " or more";
      return false;
    }
    return true;
  }
};

}  // namespace oyin::capgo::solver
