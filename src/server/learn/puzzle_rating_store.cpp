#include "server/learn/puzzle_rating_store.h"

#include <cmath>

#include "server/ratings/puzzle_rating.h"

namespace oyin::server {

namespace {
double round2(double v) { return std::round(v * 100) / 100; }
}  // namespace

Result<std::optional<ratings::Rating>> sent_rating(const json& request) {
  const auto it = request.find("rating");
  if (it == request.end() || it->is_null()) return std::optional<ratings::Rating>();
  const json& r = *it;
  if (!r.is_object()) return make_error("\"rating\" must be {\"rating\", \"rd\", \"volatility\"}");
  ratings::Rating out;
  for (auto [key, field] : {std::pair{"rating", &out.rating}, {"rd", &out.deviation}, {"volatility", &out.volatility}}) {
    const auto f = r.find(key);
    if (f == r.end() || !f->is_number()) return make_error(std::string("\"rating\" has no number \"") + key + "\"");
    *field = f->get<double>();
  }
  if (!ratings::plausible(out))
    return make_error("\"rating\" is out of range (rating 0..4000, rd 1..350, volatility over 0 up to 1)");
  return std::optional<ratings::Rating>(out);
}

Status GuestPuzzleRatings::check(const PuzzleLearner& learner) {
  auto r = sent_rating(learner.request);
  if (!r) return make_error(r.error());
  return Ok{};
}

Result<std::optional<PuzzleRatingChange>> GuestPuzzleRatings::finish(const PuzzleLearner& learner, const std::string& game,
                                                                     const std::string&, int puzzle_rating, bool solved) {
  auto r = sent_rating(learner.request);
  if (!r) return make_error(r.error());
  if (!*r) return std::optional<PuzzleRatingChange>();
  const bool sealable = seal_ && sealed_rating(learner.request, game, *seal_).has_value();
  return std::optional<PuzzleRatingChange>(
      PuzzleRatingChange{**r, ratings::rate_puzzle(**r, puzzle_rating, solved), sealable, std::nullopt});
}

std::string rating_seal_message(const std::string& game, const ratings::Rating& r) {
  return "puzzle rating|" + game + "|" + rating_json(r).dump();
}

std::string solved_seal_message(const std::string& puzzle_id) { return "puzzle solved|" + puzzle_id; }

std::optional<ratings::Rating> sealed_rating(const json& request, const std::string& game, const ResultSeal& seal) {
  auto r = sent_rating(request);
  if (!r || !*r) return std::nullopt;
  // A new learner's rating is everyone's starting point: no seal needed.
  if (rating_json(**r) == rating_json(ratings::kNewPuzzleLearner)) return *r;
  const json& sent = request["rating"];
  const auto s = sent.find("seal");
  if (s == sent.end() || !s->is_string() || !seal.valid(rating_seal_message(game, **r), s->get<std::string>()))
    return std::nullopt;
  return *r;
}

json rating_json(const ratings::Rating& r) {
  return {{"rating", round2(r.rating)}, {"rd", round2(r.deviation)}, {"volatility", std::round(r.volatility * 1e6) / 1e6}};
}

}  // namespace oyin::server
