#include "storage/group_commit.h"

#include <algorithm>

namespace oyin::storage {

GroupCommit::GroupCommit(Db& db, Options opt) : db_(db), opt_(opt) {
  for (std::size_t i = 0; i < std::max<std::size_t>(1, opt_.max_batches); ++i)
    committers_.emplace_back([this] { commit_loop(); });
}

GroupCommit::~GroupCommit() {
  {
    std::lock_guard lock(m_);
    stopping_ = true;
  }
  work_.notify_all();
  for (auto& t : committers_) t.join();
}

Result<std::vector<Rows>> GroupCommit::write(std::string key, std::vector<Statement> statements) {
  Pending mine;
  mine.key = std::move(key);
  mine.statements = std::move(statements);
  std::unique_lock lock(m_);
  queue_.push_back(&mine);
  work_.notify_one();
  mine.cv.wait(lock, [&] { return mine.done; });
  return std::move(mine.rows);
}

void GroupCommit::commit_loop() {
  std::unique_lock lock(m_);
  for (;;) {
    work_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and nothing left to commit
    std::vector<Pending*> batch;
    while (!queue_.empty() && batch.size() < opt_.max_writes) {
      batch.push_back(queue_.front());
      queue_.pop_front();
    }
    lock.unlock();
    run(batch);
    lock.lock();
    ++batches_;
    writes_ += batch.size();
    for (Pending* p : batch) {
      p->done = true;
      p->cv.notify_one();
    }
  }
}

void GroupCommit::run(std::vector<Pending*>& batch) {
  std::stable_sort(batch.begin(), batch.end(), [](const Pending* a, const Pending* b) { return a->key < b->key; });
  std::vector<Statement> all;
  for (const Pending* p : batch) all.insert(all.end(), p->statements.begin(), p->statements.end());
  auto rows = db_.writer()->batch(all);
  std::size_t at = 0;
  for (Pending* p : batch) {
    if (!rows) {
      p->rows = make_error(rows.error());
      continue;
    }
    std::vector<Rows> own;
    for (std::size_t i = 0; i < p->statements.size(); ++i) own.push_back(std::move((*rows)[at++]));
    p->rows = std::move(own);
  }
}

std::size_t GroupCommit::batches() const {
  std::lock_guard lock(m_);
  return batches_;
}

std::size_t GroupCommit::writes() const {
  std::lock_guard lock(m_);
  return writes_;
}

}  // namespace oyin::storage
