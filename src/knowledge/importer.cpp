#include "knowledge/importer.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unordered_set>

#include "registry/registry.h"
#include "knowledge/content_key.h"

namespace oyin::knowledge {

namespace {

// A record replayed by its rules: the moves as the rules write them, the position key before
// each of them, and the result the rules give (or the recorded one when they give none).
struct Replayed {
  std::string rules, start;
  std::vector<std::string> moves;
  std::vector<std::uint64_t> keys;
  std::uint64_t final_key = 0;
  std::string result, reason;
};

Result<Replayed> replay(const GameAdapter& g, const GameRecord& r) {
  auto created = g.new_game(r.tag("Rules"), r.tag("FEN"));
  if (!created) return make_error("bad set-up: " + created.error());
  GameState& st = **created;
  Replayed out;
  out.rules = st.rules_text();
  out.start = r.tag("FEN").empty() ? "" : st.start_position_text();
  out.moves.reserve(r.moves.size());
  out.keys.reserve(r.moves.size());
  for (std::size_t ply = 0; ply < r.moves.size(); ++ply) {
    if (st.status().over())
      return make_error("move " + std::to_string(ply + 1) + " '" + r.moves[ply] + "' after the end of the game (" +
                        st.status().reason + ")");
    const std::uint64_t key = st.hash();
    auto played = st.play(r.moves[ply]);
    if (!played) return make_error("illegal move " + std::to_string(ply + 1) + " '" + r.moves[ply] + "': " + played.error());
    out.keys.push_back(key);
    out.moves.push_back(std::move(*played));
  }
  out.final_key = st.hash();
  const GameStatus s = st.status();
  const bool no_result = r.result == "*" && r.tag("Result").empty();
  if (s.over()) {
    if (!no_result && result_text(s) != r.result)
      return make_error("result " + r.result + " recorded, the rules give " + result_text(s) + " (" + s.reason + ")");
    out.result = result_text(s);
    out.reason = s.reason;
  } else {
    out.result = r.result;
  }
  if (const std::string why = st.check_recorded_result(r); !why.empty()) return make_error("result: " + why);
  return out;
}

int rating(const std::string& text) {
  int v = 0;
  if (text.empty() || text.size() > 5) return 0;
  for (char c : text) {
    if (c < '0' || c > '9') return 0;
    v = v * 10 + (c - '0');
  }
  return v;
}

int year_of(const std::string& date) {
  if (date.size() < 4) return 0;
  int y = 0;
  for (int i = 0; i < 4; ++i) {
    if (date[static_cast<std::size_t>(i)] < '0' || date[static_cast<std::size_t>(i)] > '9') return 0;
    y = y * 10 + (date[static_cast<std::size_t>(i)] - '0');
  }
  return y;
}

std::string join(const std::vector<std::string>& moves) {
  std::string s;
  for (const auto& m : moves) {
    if (!s.empty()) s += ' ';
    s += m;
  }
  return s;
}

// The games a file may hold: those whose record format its extension names (all of them for
// another extension), or the one --game names.
Result<std::vector<const GameEntry*>> candidates(const std::string& file, const ImportOptions& opt) {
  if (!opt.game.empty()) {
    const GameEntry* g = find_game(opt.game);
    if (!g) return make_error("unknown game '" + opt.game + "'");
    return std::vector<const GameEntry*>{g};
  }
  std::string ext = std::filesystem::path(file).extension().string();
  if (!ext.empty()) ext.erase(0, 1);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  std::vector<const GameEntry*> out;
  for (const GameEntry* g : all_games())
    if (g->record_format() == ext) out.push_back(g);
  if (out.empty()) out = all_games();
  return out;
}

struct Pending {
  storage::BaseGame row;
  std::vector<std::string> moves;
  std::vector<std::uint64_t> keys;
};

// Drops the duplicates of `batch` (in the base, or earlier in the batch), then stores the rest
// with what they add to the index, in one transaction.
Status flush(storage::KnowledgeStore& store, std::vector<Pending>& batch, ImportSummary& sum) {
  if (batch.empty()) return Ok{};
  std::vector<std::string> keys;
  keys.reserve(batch.size());
  for (const auto& p : batch) keys.push_back(p.row.content_key);
  auto known = store.contains(keys);
  if (!known) return make_error(known.error());
  std::unordered_set<std::string> seen;
  std::vector<storage::BaseGame> rows;
  // Sorted by key, so the index is written in its own order (B-tree pages filled in turn).
  std::map<storage::ExplorerKey, storage::ExplorerCounts> index;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    Pending& p = batch[i];
    if ((*known)[i] || !seen.insert(p.row.content_key).second) {
      ++sum.duplicates;
      continue;
    }
    storage::ExplorerCounts c;
    c.games = 1;
    c.first_wins = p.row.result == "1-0";
    c.second_wins = p.row.result == "0-1";
    c.draws = p.row.result == "1/2-1/2";
    for (int elo : {p.row.white_elo, p.row.black_elo})
      if (elo > 0) {
        c.rating_sum += elo;
        ++c.rating_count;
      }
    for (std::size_t ply = 0; ply < p.moves.size(); ++ply)
      index[{p.row.game, p.row.rules, p.keys[ply], p.row.source, p.moves[ply]}] += c;
    rows.push_back(std::move(p.row));
  }
  std::vector<std::pair<storage::ExplorerKey, storage::ExplorerCounts>> entries(index.begin(), index.end());
  if (auto s = store.add(rows, entries); !s) return s;
  sum.added += rows.size();
  batch.clear();
  return Ok{};
}

}  // namespace

Status import_text(storage::KnowledgeStore& store, const std::string& text, const std::string& file,
                   const ImportOptions& opt, ImportSummary& sum) {
  auto games = candidates(file, opt);
  if (!games) return make_error(games.error());
  // The records as the first game that reads the file at all reads them.
  Result<std::vector<GameRecord>> records = make_error("no game reads this file");
  for (const GameEntry* g : *games) {
    records = g->read_records(text);
    if (records) break;
  }
  if (!records) return make_error(file + ": " + records.error());
  const std::string source = opt.source.empty() ? std::filesystem::path(file).stem().string() : opt.source;
  std::vector<Pending> batch;
  std::size_t n = 0;
  for (const GameRecord& r : *records) {
    ++n;
    ++sum.read;
    // A Variant tag names the game; otherwise the first of the candidates whose rules accept it.
    std::vector<const GameEntry*> tries = *games;
    if (const GameEntry* named = find_game(r.tag("Variant")); named && r.tag("Variant").size())
      tries = {named};
    const GameEntry* game = nullptr;
    Result<Replayed> rep = make_error("no game");
    std::string why;  // the first game's complaint: the file format's usual game
    for (const GameEntry* g : tries) {
      rep = replay(*g, r);
      if (rep) {
        game = g;
        break;
      }
      if (why.empty()) why = rep.error();
    }
    if (!game) {
      ++sum.bad;
      if (opt.problem) opt.problem(file + ":" + std::to_string(r.line) + ": game " + std::to_string(n) + ": " + why);
      continue;
    }
    Pending p;
    storage::BaseGame& row = p.row;
    row.game = game->name();
    row.rules = rep->rules;
    row.start_position = rep->start;
    row.source = source;
    row.event = r.tag("Event");
    row.site = r.tag("Site");
    row.date = r.tag("Date");
    row.year = year_of(row.date);
    row.round = r.tag("Round");
    row.white = r.tag("White");
    row.black = r.tag("Black");
    row.white_elo = rating(r.tag("WhiteElo"));
    row.black_elo = rating(r.tag("BlackElo"));
    row.time_control = r.tag("TimeControl");
    row.result = rep->result;
    row.reason = rep->reason;
    row.moves = join(rep->moves);
    row.ply_count = static_cast<int>(rep->moves.size());
    row.tags_json = nlohmann::json(r.tags).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    row.file = std::filesystem::path(file).filename().string();
    row.line = r.line;
    row.content_key = content_key({row.game, row.rules, row.start_position, &rep->moves, row.white, row.black,
                                   row.date, row.result});
    for (std::size_t ply = 0; ply < rep->keys.size() && ply <= static_cast<std::size_t>(storage::kSearchPlies); ++ply)
      row.opening_keys.push_back(rep->keys[ply]);
    if (rep->keys.size() <= static_cast<std::size_t>(storage::kSearchPlies)) row.opening_keys.push_back(rep->final_key);
    p.moves = std::move(rep->moves);
    p.keys = std::move(rep->keys);
    batch.push_back(std::move(p));
    if (batch.size() >= std::max<std::size_t>(1, opt.batch)) {
      if (auto s = flush(store, batch, sum); !s) return s;
      if (opt.progress) opt.progress(file, sum.read, sum.added);
    }
  }
  if (auto s = flush(store, batch, sum); !s) return s;
  if (opt.progress) opt.progress(file, sum.read, sum.added);
  return Ok{};
}

Result<ImportSummary> import_files(storage::KnowledgeStore& store, const std::vector<std::string>& files,
                                   const ImportOptions& opt) {
  const auto t0 = std::chrono::steady_clock::now();
  ImportSummary sum;
  for (const std::string& f : files) {
    std::ifstream in(f, std::ios::binary);
    if (!in) return make_error("cannot read '" + f + "'");
    std::ostringstream text;
    text << in.rdbuf();
    if (auto s = import_text(store, text.str(), f, opt, sum); !s) return make_error(s.error());
    ++sum.files;
  }
  sum.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return sum;
}

}  // namespace oyin::knowledge
