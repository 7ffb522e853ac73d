#pragma once
// Named integer parameters (evaluation weights and the like) read from and written as
// "name=v,name=v" text: one table of {name, member} per parameter struct, shared code here.
#include <span>
#include <string>
#include <string_view>

#include "core/result.h"
#include "core/text.h"

namespace oyin {

template <class Params>
struct IntParam {
  const char* name;
  int Params::*member;
};

template <class Params>
std::string int_params_to_text(const Params& p, std::span<const IntParam<Params>> fields) {
  std::string out;
  for (const auto& f : fields) {
    if (!out.empty()) out += ',';
    out += f.name;
    out += '=';
    out += std::to_string(p.*(f.member));
  }
  return out;
}

// Starts from the default Params and sets the named ones; `what` names them in errors
// ("togyz eval parameter").
template <class Params>
Result<Params> parse_int_params(std::string_view text, std::span<const IntParam<Params>> fields,
                                std::string_view what) {
  auto kv = parse_key_values(text);
  if (!kv) return make_error(kv.error());
  Params p;
  for (const auto& [k, v] : *kv) {
    const IntParam<Params>* f = nullptr;
    for (const auto& x : fields)
      if (k == x.name) f = &x;
    if (!f)
      return make_error("unknown " + std::string(what) + " '" + k + "' (known: " + int_params_to_text(Params{}, fields) +
                        ")");
    const auto n = parse_int(v);
    if (!n || *n < -100000 || *n > 100000) return make_error("bad value '" + v + "' for " + std::string(what) + " " + k);
    p.*(f->member) = static_cast<int>(*n);
  }
  return p;
}

}  // namespace oyin
