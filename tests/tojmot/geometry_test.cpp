// The board of ../shared/rules/tojmot.md, section "Board", and the tables computed from it.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "games/tojmot/geometry.h"
#include "games/tojmot/position.h"

namespace oyin::tojmot {
namespace {

std::set<std::string> names(const Targets& t) {
  std::set<std::string> out;
  for (int c : t) out.insert(cell_name(c));
  return out;
}

TEST(TojmotGeometry, EightyNineCellsSeventySevenInTheBodyTwelveInTheSpikes) {
  const Geometry& g = geometry();
  int body = 0;
  std::set<std::string> spikes;
  for (int c = 0; c < kCells; ++c) {
    if (g.y[c] >= 4 && g.y[c] <= 14) ++body;
    else spikes.insert(cell_name(c));
    EXPECT_EQ((g.x[c] - g.y[c]) % 2, 0) << cell_name(c);
  }
  EXPECT_EQ(body, 77);
  EXPECT_EQ(spikes, (std::set<std::string>{"G1", "F2", "H2", "E3", "G3", "I3", "E15", "G15", "I15", "F16", "H16",
                                           "G17"}));
}

TEST(TojmotGeometry, EvenRowsUseBDFHJLNOddRowsACEGIKM) {
  std::string row4, row5;
  for (int x = 1; x <= kWidth; ++x) {
    if (cell_at(x, 4) != kNoCell) row4 += static_cast<char>('A' + x - 1);
    if (cell_at(x, 5) != kNoCell) row5 += static_cast<char>('A' + x - 1);
  }
  EXPECT_EQ(row4, "BDFHJLN");
  EXPECT_EQ(row5, "ACEGIKM");
}

TEST(TojmotGeometry, CellsAreIndexedByRowThenColumnAndNamesRoundTrip) {
  for (int c = 0; c < kCells; ++c) {
    EXPECT_EQ(parse_cell(cell_name(c)), c);
    EXPECT_EQ(parse_cell(cell_name_lower(c)), c);
    if (c > 0) {
      const Geometry& g = geometry();
      EXPECT_TRUE(g.y[c - 1] < g.y[c] || (g.y[c - 1] == g.y[c] && g.x[c - 1] < g.x[c]));
    }
  }
  EXPECT_EQ(cell_name(0), "G1");
  EXPECT_EQ(cell_name(kCells - 1), "G17");
  for (const char* bad : {"A4", "G2", "F1", "O4", "G18", "G0", "G01", "4", "", "G", "N16", "A15"})
    EXPECT_EQ(parse_cell(bad), kNoCell) << bad;
}

TEST(TojmotGeometry, ColourIsRowParity) {
  const Geometry& g = geometry();
  EXPECT_EQ(g.colour[parse_cell("G1")], g.colour[parse_cell("A5")]);
  EXPECT_NE(g.colour[parse_cell("G1")], g.colour[parse_cell("F2")]);
  for (int c = 0; c < kCells; ++c) {
    for (int t : g.vertex[c]) EXPECT_EQ(g.colour[t], g.colour[c]) << "vertex steps keep the colour";
    for (int t : g.forward[0][c]) EXPECT_NE(g.colour[t], g.colour[c]) << "edge steps change it";
  }
}

TEST(TojmotGeometry, ZonesAndPromotionCells) {
  const Geometry& g = geometry();
  std::set<std::string> white, black, white_promo, black_promo;
  for (int c = 0; c < kCells; ++c) {
    if (g.zone[c] == 0) white.insert(cell_name(c));
    if (g.zone[c] == 1) black.insert(cell_name(c));
    if (g.promotes[0][c]) white_promo.insert(cell_name(c));
    if (g.promotes[1][c]) black_promo.insert(cell_name(c));
  }
  EXPECT_EQ(white, (std::set<std::string>{"G1", "F2", "H2"}));
  EXPECT_EQ(black, (std::set<std::string>{"G17", "F16", "H16"}));
  EXPECT_EQ(white_promo, (std::set<std::string>{"E15", "I15"}));
  EXPECT_EQ(black_promo, (std::set<std::string>{"E3", "I3"}));
}

TEST(TojmotGeometry, StepAndLeapTablesOfSomeCells) {
  const Geometry& g = geometry();
  const int h8 = parse_cell("H8"), g1 = parse_cell("G1"), a5 = parse_cell("A5");
  EXPECT_EQ(names(g.step8[h8]), (std::set<std::string>{"G7", "I7", "G9", "I9", "H6", "H10", "F8", "J8"}));
  EXPECT_EQ(names(g.step8[g1]), (std::set<std::string>{"F2", "H2", "G3"}));
  EXPECT_EQ(names(g.step8[a5]), (std::set<std::string>{"B4", "B6", "A7", "C5"}));
  EXPECT_EQ(names(g.leap3[h8]),
            (std::set<std::string>{"I11", "G11", "I5", "G5", "K9", "K7", "E9", "E7"}));
  EXPECT_EQ(names(g.leap5[g1]), (std::set<std::string>{"E3", "I3"}));
  EXPECT_EQ(names(g.leap6[parse_cell("J4")]), (std::set<std::string>{"H8", "L8"}));
  EXPECT_EQ(names(g.leap6b[parse_cell("J4")]), (std::set<std::string>{"F2", "F6", "N6"}));
  EXPECT_EQ(names(g.forward[0][parse_cell("F14")]), (std::set<std::string>{"E15", "G15"}));
  EXPECT_EQ(names(g.forward[1][parse_cell("F4")]), (std::set<std::string>{"E3", "G3"}));
}

// "Attacks pass through empty zone cells": and no line through a zone cell ever leads out of
// the zone again, so whether a move may pass through a zone never matters.
TEST(TojmotGeometry, NoRayLeavesAZoneOnceInside) {
  const Geometry& g = geometry();
  int rays_into_zones = 0;
  for (int c = 0; c < kCells; ++c)
    for (int d = 0; d < 8; ++d) {
      bool inside = false;
      for (int t : g.ray[c][d]) {
        if (g.zone[t] >= 0 && g.zone[c] < 0) {
          inside = true;
          ++rays_into_zones;
        } else if (inside) {
          EXPECT_GE(g.zone[t], 0) << cell_name(c) << " dir " << d << " leaves a zone at " << cell_name(t);
        }
      }
    }
  EXPECT_GT(rays_into_zones, 0);
}

TEST(TojmotGeometry, MoveListCapacityCoversTheWorstPosition) {
  const Geometry& g = geometry();
  int reach7 = 0;
  for (int c = 0; c < kCells; ++c) {
    int n = 0;
    for (int d = 0; d < 8; ++d) n += g.ray[c][d].n;
    reach7 = std::max(reach7, n);
  }
  EXPECT_EQ(reach7, 34);
  // 17 pieces reaching as far as a 7 can, the 1's 8 steps, each X's two promotion targets x 8.
  EXPECT_LE(17 * reach7 + 8 + 2 * 2 * 8, kMaxMoves);
}

}  // namespace
}  // namespace oyin::tojmot
