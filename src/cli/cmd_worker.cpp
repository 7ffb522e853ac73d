// oyin worker --db PATH|URL [--threads N] [--max-jobs K] [--hash MB]: a worker of the site's
// analysis queue, on this machine or any other that reaches the database (review/analysis_worker.h).
// SIGTERM or Ctrl-C gives the job in hand back to the queue and exits 0.
#include <csignal>
#include <iostream>
#include <unistd.h>

#include "cli/common.h"
#include "review/analysis_worker.h"
#include "storage/analysis_job_store.h"
#include "storage/game_store.h"

namespace oyin::cli {

namespace {

std::atomic<bool> g_stop_worker{false};
extern "C" void stop_worker(int) { g_stop_worker = true; }

struct WorkerOpts {
  std::string db = "data/oyin.sqlite";
  review::WorkerOptions worker;
  int lease_s = 60;
};

std::string host_name() {
  char buf[256] = {};
  if (gethostname(buf, sizeof buf - 1) != 0) return "worker";
  return buf;
}

int run_worker(WorkerOpts o) {
  auto store = storage::GameStore::open(o.db);
  if (!store) throw UsageError(store.error());
  storage::AnalysisJobStore jobs((*store)->db());
  o.worker.lease_ms = static_cast<std::int64_t>(o.lease_s) * 1000;
  o.worker.name = host_name() + ":" + std::to_string(getpid());
  review::AnalysisWorker worker(**store, jobs, o.worker);
  worker.log = [](const std::string& line) { std::cout << line << std::endl; };
  struct sigaction sa {};
  sa.sa_handler = stop_worker;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  std::cout << "oyin worker " << o.worker.name << " on " << storage::without_password(o.db) << std::endl;
  const int done = worker.run(g_stop_worker);
  std::cout << "stopped after " << done << (done == 1 ? " job" : " jobs") << std::endl;
  return 0;
}

}  // namespace

void add_worker_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<WorkerOpts>();
  auto* cmd = app.add_subcommand("worker", "Analyse games from the site's analysis queue (on any machine that reaches its database)");
  cmd->add_option("--db", o->db, "The site's store: a SQLite file or a postgresql:// URL (default data/oyin.sqlite)");
  cmd->add_option("--threads", o->worker.threads, "Search threads per position (default 1)")->check(CLI::Range(1, 256));
  cmd->add_option("--max-jobs", o->worker.max_jobs, "Stop after this many jobs (default: no limit)")->check(CLI::Range(0, 100000000));
  cmd->add_option("--hash", o->worker.hash_mb, "The engines' hash table in MB (default 16)")->check(CLI::Range(1, 65536));
  cmd->add_option("--lease", o->lease_s, "Seconds without progress after which another worker may take a job over (default 60)")
      ->check(CLI::Range(5, 86400));
  cmd->footer("Example: oyin worker --db postgresql://oyin@db.example/oyin --threads 2");
  cmd->callback([o, &exit_code] { exit_code = run_worker(*o); });
}

}  // namespace oyin::cli
