// The solver's move order (search/capgo/move_order.h): ordering the whole list at once gives
// exactly the order of picking the best move again and again, equal scores included.
#include <gtest/gtest.h>

#include <vector>

#include "core/random.h"
#include "search/capgo/move_order.h"

namespace oyin::capgo {
namespace {

TEST(CapgoMoveOrder, OrderingAllAtOnceIsPickingOneByOne) {
  Rng rng(42);
  int lists = 0;
  for (int n = 0; n <= 40; ++n)
    for (int round = 0; round < 200; ++round) {
      // Few distinct scores, so that most lists have runs of equal ones in several places.
      const std::uint32_t distinct = 1 + rng.below(round % 2 ? 4u : 40u);
      std::vector<Cand> a(static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i) a[static_cast<std::size_t>(i)] = {i, static_cast<std::int64_t>(rng.below(distinct))};
      std::vector<Cand> b = a;
      for (int i = 0; i < n; ++i) pick(a.data(), i, n);
      order_all(b.data(), n);
      for (int i = 0; i < n; ++i) ASSERT_EQ(b[static_cast<std::size_t>(i)].point, a[static_cast<std::size_t>(i)].point) << "n " << n << " round " << round << " at " << i;
      ++lists;
    }
  EXPECT_EQ(lists, 41 * 200);
}

TEST(CapgoMoveOrder, EqualScoresFollowTheSelectionSortsSwaps) {
  // Worked by hand: picking 9 at place 2 moves the front 5a there, behind 5b.
  Cand c[4] = {{1, 5}, {2, 5}, {3, 9}, {4, 1}};
  order_all(c, 4);
  EXPECT_EQ(c[0].point, 3);
  EXPECT_EQ(c[1].point, 2);
  EXPECT_EQ(c[2].point, 1);
  EXPECT_EQ(c[3].point, 4);
}

}  // namespace
}  // namespace oyin::capgo
