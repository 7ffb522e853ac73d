#pragma once
// Group commit (issue 42): many threads' small transactions (a move each) joined into one
// transaction of the database, so that they share one round trip and one WAL flush. A thread
// hands over its statements and waits; each of `max_batches` committer threads takes every
// pending write (up to `max_writes`), runs them as one Connection::batch on a writer connection,
// and hands each its rows. So under load a batch fills while the one before it commits, and
// alone a write goes at once.
//
// Writes in a batch are ordered by their key (a game's id) before they run: two batches that
// lock the same rows lock them in the same order, so they never deadlock. An error in one
// write fails the whole batch (each of its writes gets the error): the statements must not fail
// on a condition a caller expects (let them change nothing instead, and return rows that say so).
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/result.h"
#include "storage/db.h"

namespace oyin::storage {

class GroupCommit {
 public:
  struct Options {
    std::size_t max_batches = 2;  // committer threads, i.e. batches in flight (each on a writer connection)
    std::size_t max_writes = 64;  // writes in one batch
  };
  GroupCommit(Db& db, Options opt);
  // Commits what is still pending, then stops its threads.
  ~GroupCommit();
  GroupCommit(const GroupCommit&) = delete;
  GroupCommit& operator=(const GroupCommit&) = delete;

  // Runs `statements` committed together with other threads' writes; their rows once committed.
  Result<std::vector<Rows>> write(std::string key, std::vector<Statement> statements);

  // How many batches have committed and how many writes they held (for tests and metrics).
  std::size_t batches() const;
  std::size_t writes() const;

 private:
  struct Pending {
    std::string key;
    std::vector<Statement> statements;
    bool done = false;
    std::condition_variable cv;
    Result<std::vector<Rows>> rows = std::vector<Rows>{};
  };
  void commit_loop();
  void run(std::vector<Pending*>& batch);

  Db& db_;
  const Options opt_;
  mutable std::mutex m_;
  std::condition_variable work_;
  std::deque<Pending*> queue_;
  bool stopping_ = false;
  std::size_t batches_ = 0, writes_ = 0;
  std::vector<std::thread> committers_;  // last: they use the members above
};

}  // namespace oyin::storage
