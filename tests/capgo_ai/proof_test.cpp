// Proof certificates (games/capgo/proof.h): the solver's certificates of the known results are
// checked by the rules-only checker; a certificate with one move changed, a truncated or corrupt
// file, and the command line.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "core/random.h"
#include "games/capgo/game.h"
#include "games/capgo/proof.h"
#include "search/capgo/solver.h"
#include "support/run_command.h"

namespace oyin::capgo {
namespace {

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "oyin_proof_" + std::to_string(getpid()) + "_" + name;
}

SolveResult solve_with_proof(const std::string& rules, const std::string& position = "") {
  SolverOptions o;
  o.rules_text = rules;
  o.position = position;
  o.memory_gb = 0.03;
  o.make_proof = true;
  auto r = solve(o);
  EXPECT_TRUE(r.ok()) << r.error();
  return *r;
}

struct Known {
  const char* rules;
  int winner;
};
constexpr Known kKnown[] = {
    {"size=4,target=1,pass=0", 1},
    {"size=5,target=1,pass=0", 0},
    {"size=6,target=1,pass=0,setup=BC3+BD4+WC4+WD3", 0},
};

TEST(CapgoProof, CertificatesOfTheKnownResultsVerify) {
  for (const Known& k : kKnown) {
    const SolveResult r = solve_with_proof(k.rules);
    ASSERT_TRUE(r.solved);
    ASSERT_TRUE(r.has_proof) << k.rules << ": " << r.proof_error;
    EXPECT_EQ(r.proof.winner, k.winner) << k.rules;
    EXPECT_GT(r.proof.records.size(), 500u) << k.rules;
    const proof::VerifyResult v = proof::verify(r.proof);
    EXPECT_TRUE(v.proved) << k.rules << ": " << v.failure;
    EXPECT_EQ(v.records_used, r.proof.records.size()) << k.rules << ": every record is part of the proof";
    EXPECT_EQ(v.positions, r.proof_positions) << k.rules << ": the checker walks the positions the solver wrote";
    // Through a file and back, unchanged.
    const std::string path = temp_path("known.proof");
    ASSERT_TRUE(proof::write_certificate(path, r.proof).ok());
    auto back = proof::read_certificate(path);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back->position, r.proof.position);
    EXPECT_EQ(back->records.size(), r.proof.records.size());
    EXPECT_TRUE(proof::verify(*back).proved);
    std::remove(path.c_str());
  }
}

// Children proved by simulation (a lost sibling's proof tried first on a new child) are real
// proofs: the certificates verify, and the answers are those of the search without it.
TEST(CapgoProof, ChildrenProvedBySimulationAreProvedInTheCertificate) {
  std::uint64_t simulated = 0;
  for (const Known& k : kKnown) {
    SolverOptions o;
    o.rules_text = k.rules;
    o.memory_gb = 0.03;
    o.make_proof = true;
    auto with = solve(o);
    o.simulation = false;
    auto without = solve(o);
    ASSERT_TRUE(with.ok() && without.ok());
    ASSERT_TRUE(with->solved && without->solved) << k.rules;
    EXPECT_EQ(with->winner, k.winner) << k.rules;
    EXPECT_EQ(without->winner, k.winner) << k.rules;
    EXPECT_EQ(without->simulations, 0u) << k.rules;
    EXPECT_LE(with->simulated, with->simulations) << k.rules;
    EXPECT_NE(with->nodes, without->nodes) << k.rules << ": the simulation changed nothing";
    simulated += with->simulated;
    ASSERT_TRUE(with->has_proof) << k.rules << ": " << with->proof_error;
    const proof::VerifyResult v = proof::verify(with->proof);
    EXPECT_TRUE(v.proved) << k.rules << ": " << v.failure;
  }
  EXPECT_GT(simulated, 500u);
}

// 5x5: Black's first move C3 wins. With the root's record changed to A1, the certificate holds
// no answer to White's first reply, and the checker names that position.
TEST(CapgoProof, OneMoveChangedFailsAtTheFirstUnprovedPosition) {
  SolveResult r = solve_with_proof("size=5,target=1,pass=0");
  ASSERT_TRUE(r.has_proof);
  auto rules = *parse_rules("size=5,target=1,pass=0");
  const Position root = make_start(rules).value();
  proof::Canonical canon(5);
  std::uint64_t key[16];
  canon.key(root, key);
  const std::uint64_t h = proof::Canonical::hash(key, canon.words());
  bool changed = false;
  for (auto& rec : r.proof.records)
    if (rec.hash == h) {
      EXPECT_EQ(rec.move, 12) << "C3, the centre";
      rec.move = 0;  // A1 in every orientation of the empty board
      changed = true;
    }
  ASSERT_TRUE(changed);
  const proof::VerifyResult v = proof::verify(r.proof);
  EXPECT_FALSE(v.proved);
  EXPECT_EQ(v.failure,
            "not proved: 5 ...../...../...../...../XO... b 0 0 0 (after B A1 W B1): no winning move for black in the "
            "certificate and none that wins at once");

  // A changed move deeper down: every record in turn set to another legal move is caught
  // unless that move also wins with the records there are.
  SolveResult s = solve_with_proof("size=4,target=1,pass=0");
  ASSERT_TRUE(s.has_proof);
  int caught = 0;
  for (std::size_t i = 0; i < s.proof.records.size(); i += 37) {
    proof::Certificate c = s.proof;
    c.records[i].move = static_cast<std::uint16_t>((c.records[i].move + 1) % 16);
    const proof::VerifyResult w = proof::verify(c);
    if (!w.proved) {
      ++caught;
      EXPECT_EQ(w.failure.rfind("not proved: 4 ", 0), 0u) << w.failure;
    }
  }
  EXPECT_GE(caught, 10);
}

TEST(CapgoProof, AWrongWinnerOrRootFails) {
  SolveResult r = solve_with_proof("size=4,target=1,pass=0");
  ASSERT_TRUE(r.has_proof);
  proof::Certificate c = r.proof;
  c.winner = 0;  // claims Black wins the empty 4x4 with White's records
  EXPECT_FALSE(proof::verify(c).proved);
  c = r.proof;
  c.position = "4 ..../..../..../.... w 0 0 0";  // White to move: not the position proved
  EXPECT_FALSE(proof::verify(c).proved);
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

TEST(CapgoProof, TruncatedOrCorruptFilesGiveAOneLineError) {
  const SolveResult r = solve_with_proof("size=4,target=1,pass=0");
  ASSERT_TRUE(r.has_proof);
  const std::string path = temp_path("bad.proof");
  ASSERT_TRUE(proof::write_certificate(path, r.proof).ok());
  const std::string good = oyin::testing::slurp(path);
  const auto records_at = good.find("records ");
  ASSERT_NE(records_at, std::string::npos);
  const std::size_t body = good.find('\n', records_at) + 1;

  write_bytes(path, good.substr(0, body + 100));
  auto e = proof::read_certificate(path);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error(), path + ": truncated: the header announces " + std::to_string(r.proof.records.size()) +
                           " records (" + std::to_string(r.proof.records.size() * 10) + " bytes) but only 100 bytes follow");

  write_bytes(path, good.substr(0, good.size() - 10));
  e = proof::read_certificate(path);
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().find("corrupt"), std::string::npos) << e.error();

  std::string flipped = good;
  flipped[body + 25] = static_cast<char>(flipped[body + 25] ^ 0x10);
  write_bytes(path, flipped);
  e = proof::read_certificate(path);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error(), path + ": corrupt: the records do not match the checksum on the 'end' line");

  write_bytes(path, "hello\n");
  e = proof::read_certificate(path);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error(), path + ": not a proof certificate (no 'oyin proof 1' line)");

  // The command says the same in one line with exit code 2.
  write_bytes(path, good.substr(0, body + 100));
  const auto cmd = oyin::testing::run_oyin("verify-proof " + path);
  EXPECT_EQ(cmd.exit_code, 2);
  EXPECT_EQ(cmd.err, "oyin: " + e.error().substr(0, 0) + path + ": truncated: the header announces " +
                         std::to_string(r.proof.records.size()) + " records (" +
                         std::to_string(r.proof.records.size() * 10) + " bytes) but only 100 bytes follow\n");
  const auto missing = oyin::testing::run_oyin("verify-proof " + path + ".none");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "oyin: cannot read " + path + ".none\n");
  std::remove(path.c_str());
}

TEST(CapgoProof, SolveWritesAndVerifyProofChecksOnTheCommandLine) {
  const std::string path = temp_path("cli.proof");
  const auto s = oyin::testing::run_oyin("solve capgo --rules size=6,target=1,pass=0,setup=BC3+BD4+WC4+WD3 --quiet --proof " + path);
  EXPECT_EQ(s.exit_code, 0) << s.err;
  EXPECT_EQ(oyin::testing::last_line(s.out), "Result: B");
  EXPECT_NE(s.out.find("\nProof: " + path + ", "), std::string::npos) << s.out;
  const auto v = oyin::testing::run_oyin("verify-proof " + path);
  EXPECT_EQ(v.exit_code, 0) << v.err;
  EXPECT_EQ(oyin::testing::last_line(v.out), "Result: proved (B wins)");
  EXPECT_NE(v.out.find("Positions: "), std::string::npos) << v.out;

  // A changed certificate fails with exit code 1 and names the position.
  auto cert = proof::read_certificate(path);
  ASSERT_TRUE(cert.ok());
  auto rules = *parse_rules("size=6,target=1,pass=0,setup=BC3+BD4+WC4+WD3");
  const Position root = make_start(rules).value();
  proof::Canonical canon(6);
  std::uint64_t key[16];
  canon.key(root, key);
  const std::uint64_t h = proof::Canonical::hash(key, canon.words());
  for (auto& rec : cert->records)
    if (rec.hash == h) rec.move = 0;
  ASSERT_TRUE(proof::write_certificate(path, *cert).ok());
  const auto bad = oyin::testing::run_oyin("verify-proof " + path + " --quiet");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(oyin::testing::last_line(bad.out), "Result: not proved");
  EXPECT_NE(bad.out.find("Failed: not proved: 6 "), std::string::npos) << bad.out;

  // Where a certificate cannot apply, --proof is a usage error.
  const auto pass = oyin::testing::run_oyin("solve capgo --rules size=4,target=1,pass=1 --proof " + path);
  EXPECT_EQ(pass.exit_code, 2);
  EXPECT_EQ(pass.err, "oyin: proof certificates need passing forbidden (pass=0)\n");
  const auto ab = oyin::testing::run_oyin("solve capgo --rules size=4,target=1,pass=0 --method alphabeta --proof " + path);
  EXPECT_EQ(ab.exit_code, 2);
  EXPECT_EQ(ab.err, "oyin: proof certificates come from proof-number search (method auto or pn), not alpha-beta\n");
  std::remove(path.c_str());
}

// When the tactics (win in two, ladder) decide the root, the solver still names a winning move,
// the move wins (alpha-beta finds the opponent lost after it), and the certificate verifies.
TEST(CapgoProof, AWinDecidedByTheTacticsAtTheRootNamesItsMove) {
  Rng rng(16);
  int checked = 0;
  for (int attempt = 0; attempt < 4000 && checked < 12; ++attempt) {
    auto rules = *parse_rules(attempt % 2 ? "size=6,target=1,pass=0" : "size=5,target=1,pass=0");
    Position p = make_start(rules).value();
    const int plies = 6 + static_cast<int>(rng.below(8));
    bool ok = true;
    for (int i = 0; i < plies && ok; ++i) {
      MoveList l;
      generate_moves(p, l);
      if (l.empty()) ok = false;
      else {
        Undo u;
        capgo::play(p, l[rng.below(static_cast<std::uint32_t>(l.size()))], u);
        ok = !is_over(p);
      }
    }
    if (!ok) continue;
    const ThreatInfo t = threat_info(p);
    if (t.win_in_two < 0 && t.ladder < 0) continue;
    SolverOptions o;
    o.memory_gb = 0.01;
    o.method = SolverMethod::ProofNumber;
    o.make_proof = true;
    const SolveResult r = solve_position(p, o);
    ASSERT_TRUE(r.solved);
    ASSERT_EQ(r.value, 1) << to_text(p);
    ASSERT_FALSE(r.best_move.empty()) << to_text(p) << ": the win has no first move";
    auto m = parse_move(p, r.best_move);
    ASSERT_TRUE(m.ok()) << r.best_move;
    Position after = p;
    Undo u;
    capgo::play(after, *m, u);
    if (!is_over(after)) {
      SolverOptions a;
      a.memory_gb = 0.01;
      a.method = SolverMethod::AlphaBeta;
      a.threat_pruning = false;
      const SolveResult check = solve_position(after, a);
      ASSERT_TRUE(check.solved);
      EXPECT_EQ(check.value, -1) << to_text(p) << ": " << r.best_move << " does not win";
    }
    ASSERT_TRUE(r.has_proof) << r.proof_error;
    EXPECT_TRUE(proof::verify(r.proof).proved) << to_text(p);
    ++checked;
  }
  EXPECT_EQ(checked, 12);
}

}  // namespace
}  // namespace oyin::capgo

namespace oyin::capgo {
namespace {

// A proof made in parts: 5x5 after Black's C3, White's reply D3 proved on its own; the proof of
// the position after C3 uses it (fewer nodes) and its certificate, which copies the part's
// moves, verifies.
TEST(CapgoProof, AProofMadeInParts) {
  // The part: White's reply D2 to C3, where most of the work after C3 lies (19,377 nodes alone,
  // 2,432 with this part known). Knowing a part the search barely visits need not save
  // anything in df-pn (with D3 known it took 118 nodes more, as any change of order can).
  const SolveResult part = solve_with_proof("size=5,target=1,pass=0", "5 ...../...../..X../...O./..... b 0 0 0");
  ASSERT_TRUE(part.has_proof) << part.proof_error;
  const std::string after_c3 = "5 ...../...../..X../...../..... w 0 0 0";
  const SolveResult alone = solve_with_proof("size=5,target=1,pass=0", after_c3);
  SolverOptions o;
  o.rules_text = "size=5,target=1,pass=0";
  o.position = after_c3;
  o.memory_gb = 0.03;
  o.make_proof = true;
  o.known_proofs.push_back(std::make_shared<const proof::Certificate>(part.proof));
  auto whole = solve(o);
  ASSERT_TRUE(whole.ok()) << whole.error();
  ASSERT_TRUE(whole->has_proof) << whole->proof_error;
  EXPECT_EQ(whole->winner, 0);
  EXPECT_LT(whole->nodes, alone.nodes);
  const proof::VerifyResult v = proof::verify(whole->proof);
  EXPECT_TRUE(v.proved) << v.failure;

  // Known proofs of other rules are refused.
  o.known_proofs.clear();
  o.known_proofs.push_back(std::make_shared<const proof::Certificate>(solve_with_proof("size=4,target=1,pass=0").proof));
  auto wrong = solve(o);
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.error(), "a known proof is for size=4,target=1,pass=0, not for size=5,target=1,pass=0");
}

}  // namespace
}  // namespace oyin::capgo
