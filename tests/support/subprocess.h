#pragma once
// A child process with its standard input and output on pipes, for tests that talk to another
// program line by line (e.g. GNU Go over GTP). Standard error goes to /dev/null.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <vector>

namespace oyin::testing {

class Subprocess {
 public:
  // Starts argv[0] with the arguments; ok() says whether it started.
  explicit Subprocess(const std::vector<std::string>& argv) {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0) return;
    if (pipe(from_child) != 0) {
      close(to_child[0]);
      close(to_child[1]);
      return;
    }
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to_child[0], STDIN_FILENO);
      dup2(from_child[1], STDOUT_FILENO);
      const int devnull = open("/dev/null", O_WRONLY);
      if (devnull >= 0) dup2(devnull, STDERR_FILENO);
      close(to_child[0]);
      close(to_child[1]);
      close(from_child[0]);
      close(from_child[1]);
      std::vector<char*> args;
      for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      execv(args[0], args.data());
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = to_child[1];
    out_ = from_child[0];
    if (pid_ < 0) {
      close(in_);
      close(out_);
      in_ = out_ = -1;
    }
  }
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;
  ~Subprocess() {
    if (in_ >= 0) close(in_);
    if (out_ >= 0) close(out_);
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }

  bool ok() const { return pid_ > 0 && in_ >= 0; }
  void signal(int sig) const {
    if (pid_ > 0) kill(pid_, sig);
  }
  // Waits for the child to end; its exit code (-1 when it did not exit normally).
  int wait() {
    int status = 0;
    if (pid_ <= 0 || waitpid(pid_, &status, 0) != pid_) return -1;
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  bool write_all(const std::string& s) {
    std::size_t done = 0;
    while (done < s.size()) {
      const ssize_t n = ::write(in_, s.data() + done, s.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      done += static_cast<std::size_t>(n);
    }
    return true;
  }

  // Reads until the text read so far ends with `terminator`; returns it without the terminator,
  // or "" with eof() set when the child closed its output first.
  std::string read_until(const std::string& terminator) {
    while (true) {
      const auto pos = buffer_.find(terminator);
      if (pos != std::string::npos) {
        std::string out = buffer_.substr(0, pos);
        buffer_.erase(0, pos + terminator.size());
        return out;
      }
      char chunk[4096];
      const ssize_t n = ::read(out_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        eof_ = true;
        return "";
      }
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }
  bool eof() const { return eof_; }

 private:
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  std::string buffer_;
  bool eof_ = false;
};

}  // namespace oyin::testing
