// Tests of the process-wide opIndex → (type, name) table (spec §2.2 copy
// rules, §3.3 one-shot consumption). Indices are process-global, so every
// expectation is relative to the first index an Insert returned.
#include "runtime/prof/op_name_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace aclsim::prof {
namespace {

using Which = OpNameTable::Which;

OpNameTable& Table() { return OpNameTable::Global(); }

uint64_t InsertOne(const OpStrings* ops) { return Table().Insert(&ops, 1); }

std::string TakeString(uint64_t index, Which which) {
  size_t len = 0;
  if (!Table().Length(index, which, &len)) return "<no length>";
  std::string out(len, 'X');
  if (!Table().Take(index, which, out.data(), out.size())) return "<take failed>";
  out.resize(len - 1);
  return out;
}

TEST(ProfOpNameTable, GivenSamePairThenInternReturnsSamePointer) {
  const OpStrings* a = Table().Intern("Conv2D", "conv1");
  const OpStrings* b = Table().Intern("Conv2D", "conv1");
  const OpStrings* c = Table().Intern("Conv2D", "conv2");
  const OpStrings* d = Table().Intern("conv1", "Conv2D");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_NE(a, d);
  EXPECT_EQ(a->type, "Conv2D");
  EXPECT_EQ(a->name, "conv1");
  EXPECT_EQ(d->type, "conv1");
  EXPECT_EQ(d->name, "Conv2D");
}

TEST(ProfOpNameTable, GivenInsertsThenIndicesAreConsecutiveAcrossCalls) {
  const OpStrings* a = Table().Intern("A", "a");
  const OpStrings* b = Table().Intern("B", "b");
  const OpStrings* c = Table().Intern("C", "c");
  const OpStrings* batch1[] = {a, b, c};
  const uint64_t first = Table().Insert(batch1, 3);
  ASSERT_GE(first, 1u);
  const OpStrings* batch2[] = {c, a};
  EXPECT_EQ(Table().Insert(batch2, 2), first + 3);
  EXPECT_EQ(InsertOne(b), first + 5);
  EXPECT_EQ(TakeString(first + 0, Which::kName), "a");
  EXPECT_EQ(TakeString(first + 1, Which::kName), "b");
  EXPECT_EQ(TakeString(first + 2, Which::kName), "c");
  EXPECT_EQ(TakeString(first + 3, Which::kType), "C");
  EXPECT_EQ(TakeString(first + 4, Which::kType), "A");
  EXPECT_EQ(TakeString(first + 5, Which::kType), "B");
}

TEST(ProfOpNameTable, GivenFirstInsertInProcessThenIndexIsOne) {
  // Each test case runs in its own process: the counter starts at 1.
  const uint64_t first = InsertOne(Table().Intern("T", "n"));
  EXPECT_EQ(first, 1u);
}

TEST(ProfOpNameTable, GivenZeroCountThenInsertReturnsZeroAndAssignsNothing) {
  const OpStrings* a = Table().Intern("A", "a");
  const uint64_t before = Table().LiveEntries();
  EXPECT_EQ(Table().Insert(&a, 0), 0u);
  EXPECT_EQ(Table().LiveEntries(), before);
  const uint64_t x = InsertOne(a);
  EXPECT_EQ(InsertOne(a), x + 1);
}

TEST(ProfOpNameTable, GivenEntryThenLengthIsStrlenPlusOne) {
  const uint64_t i = InsertOne(Table().Intern("MatMulV2", "layer0/matmul"));
  size_t len = 0;
  ASSERT_TRUE(Table().Length(i, Which::kType, &len));
  EXPECT_EQ(len, std::strlen("MatMulV2") + 1);
  ASSERT_TRUE(Table().Length(i, Which::kName, &len));
  EXPECT_EQ(len, std::strlen("layer0/matmul") + 1);
  // Length does not consume.
  ASSERT_TRUE(Table().Length(i, Which::kName, &len));
  EXPECT_EQ(len, 14u);
}

TEST(ProfOpNameTable, GivenEmptyStringsThenLengthIsOneAndTakeWritesNul) {
  const uint64_t i = InsertOne(Table().Intern("", ""));
  size_t len = 0;
  ASSERT_TRUE(Table().Length(i, Which::kType, &len));
  EXPECT_EQ(len, 1u);
  char buf[3] = {'X', 'X', 'X'};
  ASSERT_TRUE(Table().Take(i, Which::kType, buf, 1));
  EXPECT_EQ(buf[0], '\0');
  EXPECT_EQ(buf[1], 'X');
}

TEST(ProfOpNameTable, GivenBufferShorterThanStrlenThenTakeFailsAndBufferUntouched) {
  const uint64_t i = InsertOne(Table().Intern("Add", "add_7"));
  char buf[16];
  std::memset(buf, 'X', sizeof(buf));
  EXPECT_FALSE(Table().Take(i, Which::kName, buf, 4));  // strlen("add_7") == 5
  EXPECT_FALSE(Table().Take(i, Which::kName, buf, 1));
  EXPECT_FALSE(Table().Take(i, Which::kType, buf, 2));  // strlen("Add") == 3
  for (char c : buf) EXPECT_EQ(c, 'X');
  // Nothing consumed: both still available.
  size_t len = 0;
  EXPECT_TRUE(Table().Length(i, Which::kName, &len));
  EXPECT_EQ(len, 6u);
  EXPECT_EQ(TakeString(i, Which::kName), "add_7");
  EXPECT_EQ(TakeString(i, Which::kType), "Add");
}

TEST(ProfOpNameTable, GivenZeroLengthOrNullBufferThenTakeFails) {
  const uint64_t i = InsertOne(Table().Intern("", "x"));
  char buf[4] = {'X', 'X', 'X', 'X'};
  EXPECT_FALSE(Table().Take(i, Which::kType, buf, 0));
  EXPECT_FALSE(Table().Take(i, Which::kType, nullptr, 4));
  EXPECT_EQ(buf[0], 'X');
  EXPECT_TRUE(Table().Take(i, Which::kType, buf, 1));
}

TEST(ProfOpNameTable, GivenBufferEqualToStrlenThenLastCharReplacedByNul) {
  const uint64_t i = InsertOne(Table().Intern("Relu", "relu_1"));
  char buf[16];
  std::memset(buf, 'X', sizeof(buf));
  ASSERT_TRUE(Table().Take(i, Which::kName, buf, 6));  // strlen("relu_1") == 6
  EXPECT_EQ(std::string(buf, 6), std::string("relu_\0", 6));
  for (size_t k = 6; k < sizeof(buf); ++k) EXPECT_EQ(buf[k], 'X') << k;
}

TEST(ProfOpNameTable, GivenBufferOfStrlenPlusOneThenCopyIsExact) {
  const uint64_t i = InsertOne(Table().Intern("Relu", "relu_1"));
  char buf[16];
  std::memset(buf, 'X', sizeof(buf));
  ASSERT_TRUE(Table().Take(i, Which::kName, buf, 7));
  EXPECT_STREQ(buf, "relu_1");
  for (size_t k = 7; k < sizeof(buf); ++k) EXPECT_EQ(buf[k], 'X') << k;
}

TEST(ProfOpNameTable, GivenLargerBufferThenBytesBetweenStrlenAndLastAreUntouched) {
  const uint64_t i = InsertOne(Table().Intern("Relu", "relu_1"));
  char buf[16];
  std::memset(buf, 'X', sizeof(buf));
  ASSERT_TRUE(Table().Take(i, Which::kName, buf, 12));
  EXPECT_EQ(std::string(buf, 6), "relu_1");
  // Bytes 6..10 (strlen .. buf_len-2) untouched, buf[11] = NUL, beyond untouched.
  for (size_t k = 6; k <= 10; ++k) EXPECT_EQ(buf[k], 'X') << k;
  EXPECT_EQ(buf[11], '\0');
  for (size_t k = 12; k < sizeof(buf); ++k) EXPECT_EQ(buf[k], 'X') << k;
}

TEST(ProfOpNameTable, GivenTakenFieldThenSecondTakeAndLengthFailButOtherFieldWorks) {
  const uint64_t i = InsertOne(Table().Intern("Sigmoid", "sig"));
  char buf[32] = {};
  ASSERT_TRUE(Table().Take(i, Which::kType, buf, sizeof(buf)));
  EXPECT_STREQ(buf, "Sigmoid");
  size_t len = 0;
  EXPECT_FALSE(Table().Length(i, Which::kType, &len));
  std::memset(buf, 'X', sizeof(buf));
  EXPECT_FALSE(Table().Take(i, Which::kType, buf, sizeof(buf)));
  EXPECT_EQ(buf[0], 'X');
  ASSERT_TRUE(Table().Length(i, Which::kName, &len));
  EXPECT_EQ(len, 4u);
  // Take leaves bytes between strlen and buf_len - 2 untouched: clear first.
  std::memset(buf, 0, sizeof(buf));
  ASSERT_TRUE(Table().Take(i, Which::kName, buf, sizeof(buf)));
  EXPECT_STREQ(buf, "sig");
  EXPECT_FALSE(Table().Length(i, Which::kName, &len));
  EXPECT_FALSE(Table().Take(i, Which::kName, buf, sizeof(buf)));
}

TEST(ProfOpNameTable, GivenIndexZeroOrUnassignedThenLengthAndTakeFail) {
  const uint64_t i = InsertOne(Table().Intern("T", "n"));
  size_t len = 0;
  char buf[8];
  for (uint64_t bad : {uint64_t{0}, i + 1, i + 1000, i + 100000, uint64_t{1} << 40, UINT64_MAX}) {
    EXPECT_FALSE(Table().Length(bad, Which::kType, &len)) << bad;
    EXPECT_FALSE(Table().Length(bad, Which::kName, &len)) << bad;
    EXPECT_FALSE(Table().Take(bad, Which::kType, buf, sizeof(buf))) << bad;
    EXPECT_FALSE(Table().Take(bad, Which::kName, buf, sizeof(buf))) << bad;
  }
  EXPECT_TRUE(Table().Length(i, Which::kType, &len));
}

TEST(ProfOpNameTable, GivenEntriesThenLiveEntriesCountsUntilBothFieldsTaken) {
  const uint64_t start = Table().LiveEntries();
  const OpStrings* s = Table().Intern("Mul", "mul");
  const OpStrings* ops[] = {s, s, s};
  const uint64_t first = Table().Insert(ops, 3);
  EXPECT_EQ(Table().LiveEntries(), start + 3);
  char buf[8];
  ASSERT_TRUE(Table().Take(first, Which::kType, buf, sizeof(buf)));
  EXPECT_EQ(Table().LiveEntries(), start + 3);  // name still stored
  ASSERT_TRUE(Table().Take(first, Which::kName, buf, sizeof(buf)));
  EXPECT_EQ(Table().LiveEntries(), start + 2);
  ASSERT_TRUE(Table().Take(first + 2, Which::kName, buf, sizeof(buf)));
  ASSERT_TRUE(Table().Take(first + 2, Which::kType, buf, sizeof(buf)));
  EXPECT_EQ(Table().LiveEntries(), start + 1);
  ASSERT_TRUE(Table().Take(first + 1, Which::kName, buf, sizeof(buf)));
  ASSERT_TRUE(Table().Take(first + 1, Which::kType, buf, sizeof(buf)));
  EXPECT_EQ(Table().LiveEntries(), start);
}

TEST(ProfOpNameTable, GivenMoreThanThreeSegmentsConsumedThenLiveEntriesReturnsToStartAndOldIndicesFail) {
  const uint64_t start = Table().LiveEntries();
  constexpr size_t kCount = 3 * 4096 + 1000;  // spans at least four segments
  const OpStrings* a = Table().Intern("Conv2D", "conv");
  const OpStrings* b = Table().Intern("Add", "add");
  std::vector<const OpStrings*> ops(kCount);
  for (size_t i = 0; i < kCount; ++i) ops[i] = (i % 2 == 0) ? a : b;
  const uint64_t first = Table().Insert(ops.data(), ops.size());
  ASSERT_GE(first, 1u);
  EXPECT_EQ(Table().LiveEntries(), start + kCount);
  char buf[16];
  for (size_t i = 0; i < kCount; ++i) {
    const uint64_t index = first + i;
    std::memset(buf, 0, sizeof(buf));
    ASSERT_TRUE(Table().Take(index, Which::kName, buf, sizeof(buf))) << index;
    ASSERT_STREQ(buf, i % 2 == 0 ? "conv" : "add");
    std::memset(buf, 0, sizeof(buf));
    ASSERT_TRUE(Table().Take(index, Which::kType, buf, sizeof(buf))) << index;
    ASSERT_STREQ(buf, i % 2 == 0 ? "Conv2D" : "Add");
  }
  EXPECT_EQ(Table().LiveEntries(), start);
  // Released segments answer "absent", not garbage.
  size_t len = 0;
  for (uint64_t index : {first, first + 1, first + 4096, first + 2 * 4096 + 17, first + kCount - 1}) {
    EXPECT_FALSE(Table().Length(index, Which::kType, &len)) << index;
    EXPECT_FALSE(Table().Take(index, Which::kName, buf, sizeof(buf))) << index;
  }
  // The table keeps working after releases.
  const uint64_t next = InsertOne(a);
  EXPECT_EQ(next, first + kCount);
  EXPECT_EQ(TakeString(next, Which::kName), "conv");
  EXPECT_EQ(TakeString(next, Which::kType), "Conv2D");
  EXPECT_EQ(Table().LiveEntries(), start);
}

TEST(ProfOpNameTable, GivenSegmentsConsumedOutOfOrderThenAllEntriesStayReadable) {
  const uint64_t start = Table().LiveEntries();
  constexpr size_t kCount = 4 * 4096;
  const OpStrings* a = Table().Intern("Cast", "cast");
  std::vector<const OpStrings*> ops(kCount, a);
  const uint64_t first = Table().Insert(ops.data(), ops.size());
  char buf[8];
  // Consume the last ~three segments first (creating holes behind the front),
  // then the front.
  for (size_t i = kCount; i-- > 0;) {
    std::memset(buf, 0, sizeof(buf));
    ASSERT_TRUE(Table().Take(first + i, Which::kType, buf, sizeof(buf))) << i;
    ASSERT_STREQ(buf, "Cast");
    std::memset(buf, 0, sizeof(buf));
    ASSERT_TRUE(Table().Take(first + i, Which::kName, buf, sizeof(buf))) << i;
    ASSERT_STREQ(buf, "cast");
  }
  EXPECT_EQ(Table().LiveEntries(), start);
}

TEST(ProfOpNameTable, GivenUnconsumedEntryThenItSurvivesReleaseOfNeighbours) {
  const uint64_t start = Table().LiveEntries();
  constexpr size_t kCount = 3 * 4096;
  const OpStrings* a = Table().Intern("Sub", "sub");
  std::vector<const OpStrings*> ops(kCount, a);
  const uint64_t first = Table().Insert(ops.data(), ops.size());
  const uint64_t keep = first + 5000;
  char buf[8];
  for (size_t i = 0; i < kCount; ++i) {
    if (first + i == keep) continue;
    ASSERT_TRUE(Table().Take(first + i, Which::kType, buf, sizeof(buf)));
    ASSERT_TRUE(Table().Take(first + i, Which::kName, buf, sizeof(buf)));
  }
  EXPECT_EQ(Table().LiveEntries(), start + 1);
  EXPECT_EQ(TakeString(keep, Which::kName), "sub");
  EXPECT_EQ(TakeString(keep, Which::kType), "Sub");
  EXPECT_EQ(Table().LiveEntries(), start);
}

TEST(ProfOpNameTable, GivenConcurrentInsertAndTakeThenEveryIndexTakenExactlyOnce) {
  constexpr int kThreads = 4;
  constexpr int kPerThread = 20000;
  const uint64_t start = Table().LiveEntries();
  std::vector<const OpStrings*> strings;
  for (int t = 0; t < kThreads; ++t) {
    strings.push_back(Table().Intern("Type" + std::to_string(t), "name" + std::to_string(t)));
  }
  std::vector<std::vector<uint64_t>> taken(kThreads);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      const std::string want_type = "Type" + std::to_string(t);
      const std::string want_name = "name" + std::to_string(t);
      int done = 0;
      while (done < kPerThread) {
        const int n = std::min(1 + (done % 7), kPerThread - done);
        std::vector<const OpStrings*> batch(static_cast<size_t>(n), strings[t]);
        const uint64_t first = Table().Insert(batch.data(), batch.size());
        if (first == 0) {
          ++failures;
          return;
        }
        for (int k = 0; k < n; ++k) {
          char buf[16] = {};
          const uint64_t index = first + static_cast<uint64_t>(k);
          if (!Table().Take(index, Which::kName, buf, sizeof(buf)) || want_name != buf) ++failures;
          std::memset(buf, 0, sizeof(buf));
          if (!Table().Take(index, Which::kType, buf, sizeof(buf)) || want_type != buf) ++failures;
          if (Table().Take(index, Which::kType, buf, sizeof(buf))) ++failures;  // one-shot
          taken[t].push_back(index);
        }
        done += n;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  std::vector<uint64_t> all;
  for (const auto& v : taken) all.insert(all.end(), v.begin(), v.end());
  ASSERT_EQ(all.size(), static_cast<size_t>(kThreads * kPerThread));
  std::sort(all.begin(), all.end());
  for (size_t i = 1; i < all.size(); ++i) ASSERT_NE(all[i], all[i - 1]) << "index taken twice";
  // The indices form one contiguous block (nothing else inserted meanwhile).
  EXPECT_EQ(all.back() - all.front() + 1, all.size());
  EXPECT_EQ(Table().LiveEntries(), start);
}

TEST(ProfOpNameTable, GivenThreadsRacingToTakeSameIndicesThenEachFieldTakenExactlyOnce) {
  constexpr int kThreads = 4;
  constexpr size_t kCount = 3 * 4096;
  const uint64_t start = Table().LiveEntries();
  const OpStrings* s = Table().Intern("Race", "race");
  std::vector<const OpStrings*> ops(kCount, s);
  const uint64_t first = Table().Insert(ops.data(), ops.size());
  ASSERT_GE(first, 1u);
  std::vector<std::atomic<int>> type_takes(kCount);
  std::vector<std::atomic<int>> name_takes(kCount);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (size_t k = 0; k < kCount; ++k) {
        // Threads walk in different directions so that they collide.
        const size_t i = (t % 2 == 0) ? k : kCount - 1 - k;
        char buf[8] = {};
        if (Table().Take(first + i, Which::kType, buf, sizeof(buf))) {
          ++type_takes[i];
          if (std::strcmp(buf, "Race") != 0) ++wrong;
        }
        std::memset(buf, 0, sizeof(buf));
        if (Table().Take(first + i, Which::kName, buf, sizeof(buf))) {
          ++name_takes[i];
          if (std::strcmp(buf, "race") != 0) ++wrong;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
  for (size_t i = 0; i < kCount; ++i) {
    ASSERT_EQ(type_takes[i].load(), 1) << i;
    ASSERT_EQ(name_takes[i].load(), 1) << i;
  }
  EXPECT_EQ(Table().LiveEntries(), start);
}

}  // namespace
}  // namespace aclsim::prof
