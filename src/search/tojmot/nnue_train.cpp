#include "search/tojmot/nnue_train.h"

#include "core/nnue_train.h"
#include "games/tojmot/nnue.h"

namespace oyin::tojmot::nnue {

Result<TrainReport> train(const TrainOptions& opt, std::ostream& log) { return oyin::nnue::train<Arch>(opt, log); }

}  // namespace oyin::tojmot::nnue
