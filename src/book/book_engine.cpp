#include "book/book_engine.h"

#include <map>
#include <mutex>

#include "book/book_pick.h"
#include "book/shipped_books.h"
#include "core/text.h"

namespace oyin::book {

std::shared_ptr<const Book> shipped_book(const std::string& game) {
  static std::mutex m;
  static std::map<std::string, std::shared_ptr<const Book>> cache;
  std::lock_guard lock(m);
  if (auto it = cache.find(game); it != cache.end()) return it->second;
  std::shared_ptr<const Book> found;
  for (const ShippedFile& f : shipped_book_files()) {
    if (f.name != game + ".book") continue;
    // A shipped book is checked by tests/book; one that fails here is simply not used.
    auto b = Book::parse(std::string_view(reinterpret_cast<const char*>(f.bytes), f.size), "data/books/" + game + ".book");
    if (b && b->header().game == game) found = std::make_shared<const Book>(std::move(*b));
  }
  cache[game] = found;
  return found;
}

namespace {

class BookEngine final : public Engine {
 public:
  BookEngine(std::unique_ptr<Engine> e, std::string game, BookSettings s)
      : engine_(std::move(e)), game_(std::move(game)), settings_(s) {}

  std::string name() const override { return engine_->name(); }
  void new_game() override { engine_->new_game(); }

  Status set_option(std::string_view name, std::string_view value) override {
    if (name == "OwnBook") {
      const auto on = parse_bool(value);
      if (!on) return make_error("OwnBook must be true or false, not '" + std::string(value) + "'");
      own_book_ = *on;
      return Ok{};
    }
    if (name == "BookFile") {
      if (value.empty() || value == "<default>" || value == "<empty>") {
        file_book_.reset();
        return Ok{};
      }
      auto b = Book::load(std::string(value));
      if (!b) return make_error(b.error());
      if (b->header().game != game_)
        return make_error("book '" + std::string(value) + "' is a book of " + b->header().game + ", not of " + game_);
      file_book_ = std::make_shared<const Book>(std::move(*b));
      return Ok{};
    }
    return engine_->set_option(name, value);
  }
  std::optional<std::string> option_default(std::string_view name) const override {
    return engine_->option_default(name);
  }

  SearchResult search(const GameState& state, const SearchLimits& limits,
                      const std::function<void(const SearchInfo&)>& on_info, const std::atomic<bool>* stop) override {
    if (own_book_ && !limits.infinite && limits.multipv <= 1 && limits.level >= settings_.from_level) {
      const std::shared_ptr<const Book> b = file_book_ ? file_book_ : shipped_book(game_);
      if (b) {
        const std::uint64_t seed = limits.seed ? limits.seed : 0xB00CULL;
        if (auto e = pick_book_move(*b, state, seed)) {
          SearchResult r;
          r.best_move = e->move;
          r.book = true;
          r.info.score_cp = e->score;
          r.info.pv = {e->move};
          return r;
        }
      }
    }
    return engine_->search(state, limits, on_info, stop);
  }

 private:
  std::unique_ptr<Engine> engine_;
  std::string game_;
  BookSettings settings_;
  bool own_book_ = false;
  std::shared_ptr<const Book> file_book_;
};

}  // namespace

std::unique_ptr<Engine> with_book(std::unique_ptr<Engine> engine, std::string game, BookSettings settings) {
  return std::make_unique<BookEngine>(std::move(engine), std::move(game), settings);
}

}  // namespace oyin::book
