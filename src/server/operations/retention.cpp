#include "server/operations/retention.h"

#include "core/event_log.h"
#include "server/accounts/accounts.h"

namespace oyin::server {

namespace {
constexpr std::int64_t kBatch = 1000;    // rows a statement deletes at most
constexpr int kBatchesPerSweep = 100;    // then the rest waits for the next sweep
}  // namespace

RetentionScheduler::RetentionScheduler(storage::Db& db, Clock& clock, RetentionOptions options)
    : store_(db), clock_(clock), wall_(clock), opt_(options) {}

void RetentionScheduler::start() {
  if (opt_.lobby_days <= 0 || thread_.joinable()) return;
  due_ = true;  // one sweep at start: a server that restarts often still sweeps
  thread_ = std::thread([this] { run(); });
}

void RetentionScheduler::stop() {
  {
    std::lock_guard lock(m_);
    if (stopping_) return;
    stopping_ = true;
    if (timer_) clock_.cancel(timer_);
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void RetentionScheduler::schedule_next() {
  std::lock_guard lock(m_);
  if (stopping_) return;
  timer_ = clock_.call_at(clock_.now_ms() + opt_.every_ms, [this] {
    {
      std::lock_guard lock(m_);
      timer_ = 0;
      due_ = true;
    }
    cv_.notify_all();
  });
}

void RetentionScheduler::run() {
  for (;;) {
    {
      std::unique_lock lock(m_);
      cv_.wait(lock, [&] { return due_ || stopping_; });
      if (stopping_) return;
      due_ = false;
    }
    sweep();
    schedule_next();
  }
}

RetentionScheduler::Swept RetentionScheduler::sweep() {
  Swept swept;
  const std::int64_t lobby_before =
      clock_.wall_ms() - static_cast<std::int64_t>(opt_.lobby_days * static_cast<double>(AccountService::kDayMs));
  const std::int64_t now = wall_.now_ms();
  for (int i = 0; i < kBatchesPerSweep; ++i) {
    auto n = store_.delete_ended_lobby_rows(lobby_before, kBatch);
    if (!n) break;  // logged by the store
    swept.lobby_rows += *n;
    if (*n < kBatch) break;
  }
  for (int i = 0; i < kBatchesPerSweep; ++i) {
    auto n = store_.delete_expired_sessions(now - AccountService::kSessionIdleMs, now - AccountService::kSessionMaxMs, kBatch);
    if (!n) break;
    swept.sessions += *n;
    if (*n < kBatch) break;
  }
  event_log::Level level = swept.lobby_rows + swept.sessions > 0 ? event_log::Level::info : event_log::Level::debug;
  event_log::write(level, "retention_sweep", {{"lobby_rows", swept.lobby_rows}, {"sessions", swept.sessions},
                                              {"lobby_days", opt_.lobby_days}});
  return swept;
}

}  // namespace oyin::server
