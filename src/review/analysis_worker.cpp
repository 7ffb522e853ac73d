#include "review/analysis_worker.h"

#include <chrono>
#include <random>
#include <thread>

#include "registry/registry.h"
#include "review/position_analysis.h"

namespace oyin::review {

namespace {

std::string random_suffix() {
  std::random_device rd;
  const std::uint64_t v = (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

std::string progress_words(const std::string& game_id, int done, int total) {
  return "analysis " + game_id + " " + std::to_string(done) + " " + std::to_string(total);
}

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

int AnalysisWorker::run(const std::atomic<bool>& stop) {
  int finished = 0;
  while (!stop && (options_.max_jobs <= 0 || finished < options_.max_jobs)) {
    if (run_one(stop)) {
      if (!stop) ++finished;
      continue;
    }
    // Nothing to do: look again in a moment (in small steps, so that a stop is quick).
    for (std::int64_t waited = 0; waited < options_.idle_ms && !stop; waited += 50)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return finished;
}

bool AnalysisWorker::run_one(const std::atomic<bool>& stop) {
  const std::string lease = options_.name + "/" + random_suffix();
  auto claimed = jobs_.claim(lease, wall_ms(), options_.lease_ms);
  if (!claimed) {
    say("error: " + claimed.error());
    return false;
  }
  if (!*claimed) return false;
  const storage::AnalysisJob& job = **claimed;
  say("job " + std::to_string(job.id) + ": game " + job.game_id + (job.attempts > 1 ? " (taken over)" : ""));
  bool stopped = false;
  const std::string error = work(job, lease, stop, stopped);
  if (stopped) {
    (void)jobs_.release(job.id, lease);
    say("job " + std::to_string(job.id) + ": given back");
  } else if (auto ended = jobs_.finish(job.id, lease, error); ended && *ended) {
    say("job " + std::to_string(job.id) + (error.empty() ? ": done" : ": failed: " + error));
  } else {
    say("job " + std::to_string(job.id) + ": taken over by another worker");
  }
  return true;
}

std::string AnalysisWorker::work(const storage::AnalysisJob& job, const std::string& lease, const std::atomic<bool>& stop,
                                 bool& stopped) {
  auto row = games_.load(job.game_id);
  if (!row) return row.error();
  if (!*row) return "the game is gone";
  const GameEntry* game = find_game((*row)->game);
  if (!game) return "this worker does not know the game " + (*row)->game;
  auto created = game->new_game((*row)->rules, (*row)->start_position);
  if (!created) return "the game cannot be set up: " + created.error();
  std::unique_ptr<GameState> st = std::move(*created);
  const std::vector<std::string>& moves = (*row)->moves;
  const int total = static_cast<int>(moves.size()) + 1;
  if (auto sized = jobs_.set_total(job.id, lease, total); !sized || !*sized) return sized ? "" : sized.error();
  auto written = jobs_.positions(job.id);
  if (!written) return written.error();
  std::vector<bool> have(static_cast<std::size_t>(total), false);
  for (const auto& p : *written)
    if (p.ply >= 0 && p.ply < total) have[static_cast<std::size_t>(p.ply)] = true;
  int done = static_cast<int>(written->size());
  std::unique_ptr<Engine> engine = game->make_engine();
  (void)engine->set_option("Hash", std::to_string(options_.hash_mb));  // a Monte-Carlo engine has none
  // The played move is searched from the position before it (review/position_analysis.h) where
  // the search is by depth; a Monte-Carlo search's win rates are compared as they are.
  const bool score_played = game->engine_kind() == EngineKind::AlphaBeta;
  for (int ply = 0; ply < total; ++ply) {
    if (ply > 0)
      if (auto r = st->play(moves[static_cast<std::size_t>(ply - 1)]); !r) return "the game does not replay: " + r.error();
    if (have[static_cast<std::size_t>(ply)]) continue;
    if (stop) {
      stopped = true;
      return {};
    }
    SearchLimits limits;
    limits.depth = job.depth;
    limits.nodes = static_cast<std::uint64_t>(job.nodes);
    limits.threads = options_.threads;
    if (!job.depth && !job.nodes) limits.depth = 12;  // oyin analyze's default
    const std::string played = ply + 1 < total ? moves[static_cast<std::size_t>(ply)] : std::string();
    bool interrupted = false;
    storage::AnalysedPosition p = analyse_position(*engine, *st, limits, played, score_played, &stop, interrupted);
    if (interrupted) {
      stopped = true;
      return {};
    }
    p.ply = ply;
    auto w = jobs_.write_position(job.id, lease, p, wall_ms(), options_.lease_ms);
    if (!w) return w.error();
    if (!*w) return {};  // taken over: the other worker finishes it
    ++done;
    // Every instance of the site on a shared store hears it (and tells the game's watchers).
    if (games_.shared()) (void)games_.signal(progress_words(job.game_id, done, total));
    if (on_progress) on_progress(job, done, total);
  }
  return {};
}

}  // namespace oyin::review
