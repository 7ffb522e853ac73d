#include "games/capgo/proof.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/text.h"
#include "games/capgo/notation.h"

namespace oyin::capgo::proof {

namespace {

constexpr const char* kMagic = "oyin proof 1";
constexpr std::size_t kRecordBytes = 10;

std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

std::uint64_t checksum(const std::vector<Record>& records) {
  std::uint64_t h = 0x6F79696E70726F66ULL;
  for (const Record& r : records) h = mix(h ^ r.hash) + r.move;
  return h;
}

std::string hex16(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

Status applies(const Position& pos) {
  if (pos.pass_allowed) return make_error("proof certificates need passing forbidden (pass=0)");
  for (int s = 0; s < 2; ++s)
    if (!pos.target[s] || pos.target[s] != pos.captures[s] + 1)
      return make_error("proof certificates need every capture to end the game (target 1 for both sides, no capture yet)");
  return Ok{};
}

// ---- Canonical forms ---------------------------------------------------------------------------

Canonical::Canonical(int size) : size_(size), words_((2 * size * size + 2 + 63) / 64) {
  const int n = size;
  for (int t = 0; t < 8; ++t) {
    order_[t].assign(static_cast<std::size_t>(n * n), 0);
    where_[t].assign(static_cast<std::size_t>(n * n), 0);
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        int a = x, b = y;
        if (t & 1) a = n - 1 - a;
        if (t & 2) b = n - 1 - b;
        if (t & 4) std::swap(a, b);
        order_[t][static_cast<std::size_t>(b * n + a)] = static_cast<std::uint16_t>(y * n + x);
        where_[t][static_cast<std::size_t>(y * n + x)] = static_cast<std::uint16_t>(b * n + a);
      }
  }
}

int Canonical::key(const Position& pos, std::uint64_t* out) const {
  const int n = size_, cells = n * n;
  std::uint64_t best[16], cur[16];
  int which = 0;
  for (int t = 0; t < 8; ++t) {
    for (int w = 0; w < words_; ++w) cur[w] = 0;
    const std::uint16_t* order = order_[t].data();
    for (int i = 0; i < cells; ++i) {
      const int src = order[i];
      const std::uint64_t c = pos.color[static_cast<std::size_t>(pos.index(src % n, src / n))];
      cur[i >> 5] |= c << ((i & 31) * 2);
    }
    const int side_bit = 2 * cells;
    cur[side_bit >> 6] |= std::uint64_t{pos.to_move} << (side_bit & 63);
    cur[(side_bit + 1) >> 6] |= std::uint64_t{1} << ((side_bit + 1) & 63);  // present
    if (t == 0 || std::lexicographical_compare(cur, cur + words_, best, best + words_)) {
      std::copy(cur, cur + words_, best);
      which = t;
    }
  }
  std::copy(best, best + words_, out);
  return which;
}

std::uint64_t Canonical::hash(const std::uint64_t* key, int words) {
  std::uint64_t h = 0x243F6A8885A308D3ULL;
  for (int i = 0; i < words; ++i) h = mix(h ^ key[i]) + static_cast<std::uint64_t>(i);
  return mix(h);
}

int Canonical::to_canonical(const Position& pos, int point, int t) const {
  return where_[t][static_cast<std::size_t>(pos.y_of(point) * size_ + pos.x_of(point))];
}

int Canonical::from_canonical(const Position& pos, int cpoint, int t) const {
  const int src = order_[t][static_cast<std::size_t>(cpoint)];
  return pos.index(src % size_, src / size_);
}

// ---- The set of proved positions ----------------------------------------------------------------

KeySet::KeySet(int words) : words_(words), mask_((1u << 12) - 1) {
  slots_.assign((mask_ + 1) * static_cast<std::uint64_t>(words_), 0);
}

std::uint64_t KeySet::find(const std::uint64_t* key) const {
  std::uint64_t i = Canonical::hash(key, words_) & mask_;
  for (;;) {
    const std::uint64_t* s = &slots_[i * static_cast<std::uint64_t>(words_)];
    bool empty = true, same = true;
    for (int w = 0; w < words_; ++w) {
      empty &= s[w] == 0;
      same &= s[w] == key[w];
    }
    if (empty || same) return i;
    i = (i + 1) & mask_;
  }
}

bool KeySet::contains(const std::uint64_t* key) const {
  const std::uint64_t* s = &slots_[find(key) * static_cast<std::uint64_t>(words_)];
  return std::equal(s, s + words_, key);
}

void KeySet::insert(const std::uint64_t* key) {
  if ((count_ + 1) * 2 > mask_ + 1) grow();
  std::uint64_t* s = &slots_[find(key) * static_cast<std::uint64_t>(words_)];
  if (std::equal(s, s + words_, key)) return;
  std::copy(key, key + words_, s);
  ++count_;
}

void KeySet::grow() {
  std::vector<std::uint64_t> old;
  old.swap(slots_);
  mask_ = mask_ * 2 + 1;
  slots_.assign((mask_ + 1) * static_cast<std::uint64_t>(words_), 0);
  count_ = 0;
  for (std::size_t i = 0; i < old.size(); i += static_cast<std::size_t>(words_)) {
    bool empty = true;
    for (int w = 0; w < words_; ++w) empty &= old[i + static_cast<std::size_t>(w)] == 0;
    if (!empty) {
      std::copy(&old[i], &old[i] + words_, &slots_[find(&old[i]) * static_cast<std::uint64_t>(words_)]);
      ++count_;
    }
  }
}

// ---- The file -----------------------------------------------------------------------------------

Status finish_records(std::vector<Record>& records) {
  std::sort(records.begin(), records.end(), [](const Record& a, const Record& b) { return a.hash < b.hash; });
  for (std::size_t i = 1; i < records.size(); ++i)
    if (records[i].hash == records[i - 1].hash)
      return make_error("two positions of the proof share the hash " + hex16(records[i].hash) +
                        " (a 64-bit collision): this proof cannot be written");
  return Ok{};
}

Status write_certificate(const std::string& path, const Certificate& cert) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return make_error("cannot write " + path);
  out << kMagic << "\n"
      << "rules " << rules_to_text(Rules{cert.rules.size, cert.rules.target, cert.rules.pass_allowed, {}}) << "\n"
      << "position " << cert.position << "\n"
      << "winner " << (cert.winner == 0 ? "b" : "w") << "\n"
      << "records " << cert.records.size() << "\n";
  std::vector<unsigned char> buf;
  buf.reserve(kRecordBytes * 65536);
  auto flush = [&] {
    out.write(reinterpret_cast<const char*>(buf.data()), static_cast<std::streamsize>(buf.size()));
    buf.clear();
  };
  for (const Record& r : cert.records) {
    for (int i = 0; i < 8; ++i) buf.push_back(static_cast<unsigned char>(r.hash >> (8 * i)));
    buf.push_back(static_cast<unsigned char>(r.move & 0xFF));
    buf.push_back(static_cast<unsigned char>(r.move >> 8));
    if (buf.size() >= kRecordBytes * 65536) flush();
  }
  flush();
  out << "end " << hex16(checksum(cert.records)) << "\n";
  out.close();
  if (!out) return make_error("writing " + path + " failed");
  return Ok{};
}

Result<Certificate> read_certificate(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("cannot read " + path);
  const std::string where = path + ": ";
  std::string line;
  auto header = [&](const char* key) -> Result<std::string> {
    if (!std::getline(in, line)) return make_error(where + "truncated in the header (no '" + key + "' line)");
    const std::string prefix = std::string(key) + " ";
    if (line.rfind(prefix, 0) != 0) return make_error(where + "expected a '" + key + "' line, found '" + line.substr(0, 60) + "'");
    return line.substr(prefix.size());
  };
  if (!std::getline(in, line) || line != kMagic) return make_error(where + "not a proof certificate (no '" + kMagic + "' line)");
  Certificate cert;
  auto rules = header("rules");
  if (!rules) return make_error(rules.error());
  auto parsed = parse_rules(*rules);
  if (!parsed) return make_error(where + "rules: " + parsed.error());
  cert.rules = *parsed;
  auto position = header("position");
  if (!position) return make_error(position.error());
  cert.position = *position;
  if (auto p = parse_position(cert.position, cert.rules); !p) return make_error(where + "position: " + p.error());
  auto winner = header("winner");
  if (!winner) return make_error(winner.error());
  if (*winner != "b" && *winner != "w") return make_error(where + "winner must be b or w, not '" + *winner + "'");
  cert.winner = *winner == "w";
  auto count_text = header("records");
  if (!count_text) return make_error(count_text.error());
  const auto count = parse_int(*count_text);
  if (!count || *count < 0) return make_error(where + "bad record count '" + *count_text + "'");
  const auto start = in.tellg();
  in.seekg(0, std::ios::end);
  const auto end = in.tellg();
  in.seekg(start);
  const std::uint64_t want = static_cast<std::uint64_t>(*count) * kRecordBytes;
  const std::uint64_t have = static_cast<std::uint64_t>(end - start);
  if (have < want)
    return make_error(where + "truncated: the header announces " + std::to_string(*count) + " records (" +
                      std::to_string(want) + " bytes) but only " + std::to_string(have) + " bytes follow");
  std::vector<unsigned char> buf(static_cast<std::size_t>(want));
  in.read(reinterpret_cast<char*>(buf.data()), static_cast<std::streamsize>(want));
  if (!in) return make_error(where + "read error in the records");
  cert.records.resize(static_cast<std::size_t>(*count));
  for (std::size_t i = 0; i < cert.records.size(); ++i) {
    const unsigned char* b = &buf[i * kRecordBytes];
    std::uint64_t h = 0;
    for (int k = 7; k >= 0; --k) h = (h << 8) | b[k];
    cert.records[i] = {h, static_cast<std::uint16_t>(b[8] | (b[9] << 8))};
  }
  if (!std::getline(in, line)) return make_error(where + "truncated: no 'end' line after the records");
  if (line != "end " + hex16(checksum(cert.records)))
    return make_error(where + "corrupt: the records do not match the checksum on the 'end' line");
  for (std::size_t i = 1; i < cert.records.size(); ++i)
    if (cert.records[i].hash <= cert.records[i - 1].hash) return make_error(where + "records are not sorted by hash");
  for (const Record& r : cert.records)
    if (r.move >= cert.rules.size * cert.rules.size)
      return make_error(where + "a record's move " + std::to_string(r.move) + " is off the board");
  return cert;
}

// ---- The checker --------------------------------------------------------------------------------

namespace {

class Checker {
 public:
  Checker(const Certificate& cert, VerifyResult& out, const std::function<void(const VerifyProgress&)>& on_progress,
          int progress_ms)
      : cert_(cert),
        out_(out),
        canon_(cert.rules.size),
        proved_(canon_.words()),
        on_progress_(on_progress),
        progress_ms_(progress_ms),
        t0_(std::chrono::steady_clock::now()) {}

  void run(Position& root) {
    out_.proved = node(root);
    out_.positions = proved_.size();
    out_.records_used = static_cast<std::uint64_t>(std::count(used_.begin(), used_.end(), 1));
    out_.memory_bytes = proved_.bytes() + cert_.records.size() * sizeof(Record);
    out_.seconds = elapsed();
  }

 private:
  const Certificate& cert_;
  VerifyResult& out_;
  Canonical canon_;
  KeySet proved_;
  const std::function<void(const VerifyProgress&)>& on_progress_;
  int progress_ms_;
  std::chrono::steady_clock::time_point t0_;
  double last_report_ = 0;
  std::vector<std::string> path_;  // the moves from the root to the node being checked
  std::vector<std::uint8_t> used_ = std::vector<std::uint8_t>(cert_.records.size(), 0);

  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count(); }

  bool fail(const Position& pos, const std::string& why) {
    std::string moves;
    for (const auto& m : path_) moves += (moves.empty() ? "" : " ") + m;
    out_.failure = "not proved: " + to_text(pos) + " (after " + (moves.empty() ? std::string("no move") : moves) +
                   "): " + why;
    return false;
  }

  static bool next_to_atari(const Position& pos, int p) {
    const int opp = 2 - pos.to_move;
    for (int q : {p - 1, p + 1, p - pos.stride, p + pos.stride})
      if (pos.color[q] == opp && pos.in_atari(pos.head[q])) return true;
    return false;
  }

  const char* name(int side) const { return side == 0 ? "black" : "white"; }

  // Plays m and checks the position after it; false with out_.failure set when it is not proved.
  bool child(Position& pos, Move m) {
    path_.push_back(std::string(pos.to_move == 0 ? "B " : "W ") + move_to_text(pos, m));
    Undo u;
    play(pos, m, u);
    ++out_.moves;
    const bool ok = node(pos);
    undo(pos, m, u);
    path_.pop_back();
    return ok;
  }

  // A finished game: won by the prover?
  bool finished(const Position& pos) {
    const GameStatus st = status(pos);
    if (st.outcome == Outcome::Win && index(st.winner) == cert_.winner) return true;
    return fail(pos, "the game is over and " + std::string(name(cert_.winner)) + " has not won (" + st.reason + ")");
  }

  bool node(Position& pos) {
    if (is_over(pos)) return finished(pos);
    if (on_progress_ && (out_.moves & 1023) == 0) {
      const double s = elapsed();
      if (s * 1000 - last_report_ >= progress_ms_) {
        last_report_ = s * 1000;
        on_progress_(VerifyProgress{proved_.size(), out_.moves, s});
      }
    }
    std::uint64_t key[16];
    const int sym = canon_.key(pos, key);
    if (proved_.contains(key)) return true;
    MoveList moves;
    generate_moves(pos, moves);
    if (pos.to_move == cert_.winner) {
      const std::uint64_t h = Canonical::hash(key, canon_.words());
      const auto it = std::lower_bound(cert_.records.begin(), cert_.records.end(), h,
                                       [](const Record& r, std::uint64_t v) { return r.hash < v; });
      if (it != cert_.records.end() && it->hash == h) {
        used_[static_cast<std::size_t>(it - cert_.records.begin())] = 1;
        const int point = canon_.from_canonical(pos, it->move, sym);
        const Illegal why = check_point(pos, point);
        if (why != Illegal::None)
          return fail(pos, "the certificate's move for " + std::string(name(cert_.winner)) + " is illegal: " +
                               illegal_reason(pos, point, why));
        if (!child(pos, Move{static_cast<std::uint16_t>(point)})) return false;
      } else {
        // No record: the winner must end the game at once (a capture to the target). Only moves
        // next to an opponent chain in atari can capture; skipping the others can only make the
        // check fail, never pass.
        bool wins = false;
        for (const Move m : moves) {
          if (!next_to_atari(pos, m.point)) continue;
          Undo u;
          play(pos, m, u);
          ++out_.moves;
          const GameStatus st = status(pos);
          wins = st.outcome == Outcome::Win && index(st.winner) == cert_.winner;
          undo(pos, m, u);
          if (wins) break;
        }
        if (!wins) return fail(pos, "no winning move for " + std::string(name(cert_.winner)) +
                                        " in the certificate and none that wins at once");
        return true;  // not remembered: finding it again is as cheap as looking it up
      }
      ++out_.winner_positions;
    } else {
      for (const Move m : moves)
        if (!child(pos, m)) return false;
    }
    proved_.insert(key);
    return true;
  }
};

}  // namespace

VerifyResult verify(const Certificate& cert, const std::function<void(const VerifyProgress&)>& on_progress,
                    int progress_ms) {
  VerifyResult out;
  auto root = parse_position(cert.position, cert.rules);
  if (!root) {
    out.failure = "the root position: " + root.error();
    return out;
  }
  if (auto ok = applies(*root); !ok) {
    out.failure = ok.error();
    return out;
  }
  Checker checker(cert, out, on_progress, progress_ms);
  checker.run(*root);
  return out;
}

}  // namespace oyin::capgo::proof
