#pragma once
// Training the Tojmot network (games/tojmot/nnue.h) with the trainer of core/nnue_train.h.
#include <iosfwd>

#include "core/result.h"
#include "core/training.h"

namespace oyin::tojmot::nnue {

// `oyin train tojmot`: reads opt.data, trains opt.epochs epochs (progress and validation loss
// on `log`), writes the quantised network to opt.out.
Result<TrainReport> train(const TrainOptions& opt, std::ostream& log);

}  // namespace oyin::tojmot::nnue
