#include "match/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

extern char** environ;

namespace oyin::match {

namespace {

// Milliseconds from now to `deadline`, rounded up, at least 0.
int ms_until(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::microseconds>(deadline - Clock::now()).count();
  return left <= 0 ? 0 : static_cast<int>((left + 999) / 1000);
}

}  // namespace

Result<std::unique_ptr<Subprocess>> Subprocess::start(const std::string& command) {
  int to_child[2], from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0) return make_error("cannot create a pipe");
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    close(to_child[0]);
    close(to_child[1]);
    return make_error("cannot create a pipe");
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, to_child[0], 0);
  posix_spawn_file_actions_adddup2(&fa, from_child[1], 1);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  // Its own process group (killed as one), and SIGPIPE at its default for the engine.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
  std::string sh = "/bin/sh", dash_c = "-c", cmd = command;
  char* argv[] = {sh.data(), dash_c.data(), cmd.data(), nullptr};
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, "/bin/sh", &fa, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  close(to_child[0]);
  close(from_child[1]);
  if (rc != 0) {
    close(to_child[1]);
    close(from_child[0]);
    return make_error("cannot start '" + command + "': " + std::strerror(rc));
  }
  fcntl(to_child[1], F_SETFL, fcntl(to_child[1], F_GETFL) | O_NONBLOCK);
  std::unique_ptr<Subprocess> p(new Subprocess());
  p->pid_ = pid;
  p->in_fd_ = to_child[1];
  p->out_fd_ = from_child[0];
  return p;
}

// Whether the child has ended, waiting up to `wait_ms`; it stays a zombie (not reaped) so that
// its pid, which is also its group's id, cannot be reused before the group is killed.
bool Subprocess::reap(int wait_ms) {
  if (reaped_) return true;
  const auto until = Clock::now() + std::chrono::milliseconds(wait_ms);
  while (true) {
    siginfo_t si{};
    if (waitid(P_PID, static_cast<id_t>(pid_), &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == pid_) {
      status_ = si.si_code == CLD_EXITED ? si.si_status : -si.si_status;
      reaped_ = true;
      return true;
    }
    if (Clock::now() >= until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

std::string Subprocess::exit_text(int wait_ms) {
  if (!reap(wait_ms)) return "";
  // The shell's codes for a command it could not run: the user's first question.
  if (status_ == 127) return "exited with code 127 (command not found)";
  if (status_ == 126) return "exited with code 126 (command not executable)";
  if (status_ >= 0) return "exited with code " + std::to_string(status_);
  return "was killed by signal " + std::to_string(-status_) + " (" + strsignal(-status_) + ")";
}

void Subprocess::kill_now() {
  if (pid_ > 0) ::kill(-pid_, SIGKILL);
}

Subprocess::~Subprocess() {
  if (in_fd_ >= 0) close(in_fd_);  // engines quit on end of input
  if (pid_ > 0) {
    reap(500);
    ::kill(-pid_, SIGKILL);  // the engine if it is still there, and anything it left behind
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  if (out_fd_ >= 0) close(out_fd_);
}

namespace {

// A write to an engine that has died must fail with EPIPE rather than end oyin with SIGPIPE;
// the signal is held back for this thread only (oyin itself should still end on a closed
// stdout, as in `oyin match … | head`) and the one the write raised is taken off.
class HoldSigpipe {
 public:
  HoldSigpipe() {
    sigemptyset(&pipe_);
    sigaddset(&pipe_, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_, &old_);
  }
  ~HoldSigpipe() {
    if (raised) {
      const timespec zero{0, 0};
      while (sigtimedwait(&pipe_, nullptr, &zero) < 0 && errno == EINTR) {
      }
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
  bool raised = false;

 private:
  sigset_t pipe_, old_;
};

}  // namespace

bool Subprocess::write_line(const std::string& line, Clock::time_point deadline) {
  const std::string s = line + "\n";
  std::size_t done = 0;
  HoldSigpipe hold;
  while (done < s.size()) {
    const ssize_t n = write(in_fd_, s.data() + done, s.size() - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EPIPE) hold.raised = true;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return false;  // EPIPE: the engine is gone
    pollfd pfd{in_fd_, POLLOUT, 0};
    const int wait = ms_until(deadline);
    if (wait == 0 || poll(&pfd, 1, wait) <= 0) return false;
    if (pfd.revents & (POLLERR | POLLHUP)) {
      continue;  // the next write reports it (EPIPE)
    }
  }
  return true;
}

Subprocess::Read Subprocess::read_line(std::string& line, Clock::time_point deadline) {
  while (true) {
    const auto nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return Read::Line;
    }
    pollfd pfd{out_fd_, POLLIN, 0};
    const int r = poll(&pfd, 1, ms_until(deadline));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return Read::Timeout;
    char buf[4096];
    const ssize_t n = read(out_fd_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (!buffer_.empty()) {  // a last line without its newline
        line.swap(buffer_);
        buffer_.clear();
        return Read::Line;
      }
      return Read::Closed;
    }
    buffer_.append(buf, static_cast<std::size_t>(n));
  }
}

}  // namespace oyin::match
