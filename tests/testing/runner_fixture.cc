// Cases with a known outcome for tests/testing/runner_test.py, which runs
// this binary through the isolated runner (isolated_main.cc) with and
// without expected-failure lists. Not a test of its own: Runner.Fails fails
// on purpose.
#include <gtest/gtest.h>

#include <cstdlib>

TEST(Runner, Passes) { EXPECT_EQ(1 + 1, 2); }
TEST(Runner, Fails) { EXPECT_EQ(1 + 1, 3) << "fails on purpose"; }
TEST(Runner, Skips) { GTEST_SKIP() << "skips on purpose"; }
TEST(Runner, Crashes) { std::abort(); }
