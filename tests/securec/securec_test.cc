// libc_sec.so: securec's return codes and resets, case by case, including
// every place where securec differs from C11 Annex K (docs/securec.md).
#include "securec.h"

#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

TEST(Securec, GivenErrorCodesThenTheyAreSecurecs) {
  EXPECT_EQ(EOK, 0);
  EXPECT_EQ(EINVAL, 22);
  EXPECT_EQ(ERANGE, 34);
  EXPECT_EQ(EINVAL_AND_RESET, 150);
  EXPECT_EQ(ERANGE_AND_RESET, 162);
  EXPECT_EQ(EOVERLAP_AND_RESET, 182);
  EXPECT_EQ(SECUREC_STRING_MAX_LEN, 0x7fffffffUL);
  EXPECT_EQ(SECUREC_MEM_MAX_LEN, 0x7fffffffUL);
}

TEST(Securec, GivenMemsetWhenCountFitsThenEokAndOnlyCountBytesSet) {
  char b[8] = "abcdefg";
  EXPECT_EQ(memset_s(b, sizeof(b), 'x', 3), EOK);
  EXPECT_STREQ(b, "xxxdefg");
  EXPECT_EQ(memset_s(b, sizeof(b), 'y', 0), EOK);
  EXPECT_STREQ(b, "xxxdefg");
}

TEST(Securec, GivenMemsetWhenCountExceedsDestMaxThenWholeDestFilledAndErangeAndReset) {
  char b[9] = "abcdefgh";
  EXPECT_EQ(memset_s(b, 4, 'z', 8), ERANGE_AND_RESET);
  EXPECT_STREQ(b, "zzzzefgh");
}

TEST(Securec, GivenMemsetWhenDestMaxZeroOrOverLimitOrDestNullThenUntouched) {
  char b[4] = "abc";
  EXPECT_EQ(memset_s(b, 0, 'z', 1), ERANGE);
  EXPECT_EQ(memset_s(b, SECUREC_MEM_MAX_LEN + 1, 'z', 1), ERANGE);
  EXPECT_STREQ(b, "abc");
  EXPECT_EQ(memset_s(nullptr, 4, 'z', 1), EINVAL);
}

TEST(Securec, GivenDestMaxAboveLibsafecLimitWhenSecurecAllowsItThenTheCallSucceeds) {
  // libsafec refuses dmax > 256 MiB (memory) and > 32 KiB (strings).
  std::vector<char> big(64 * 1024, 'a');
  // destMax states 512 MiB; only the two bytes asked for are written.
  EXPECT_EQ(memset_s(big.data(), size_t{512} << 20, 'q', 2), EOK);
  EXPECT_EQ(big[0], 'q');
  EXPECT_EQ(big[2], 'a');
  std::string src(40000, 's');
  EXPECT_EQ(strcpy_s(big.data(), big.size(), src.c_str()), EOK);
  EXPECT_EQ(std::strlen(big.data()), 40000u);
  EXPECT_EQ(snprintf_s(big.data(), big.size(), big.size() - 1, "%s!", src.c_str()), 40001);
  EXPECT_EQ(big[40000], '!');
}

TEST(Securec, GivenMemcpyThenSecurecCodesAndDestZeroedOnError) {
  char d[8] = "0123456";
  EXPECT_EQ(memcpy_s(d, sizeof(d), "abc", 3), EOK);
  EXPECT_STREQ(d, "abc3456");
  EXPECT_EQ(memcpy_s(d, sizeof(d), "abcdefghij", 10), ERANGE_AND_RESET);
  EXPECT_EQ(std::memcmp(d, "\0\0\0\0\0\0\0\0", 8), 0);
  std::memcpy(d, "0123456", 8);
  EXPECT_EQ(memcpy_s(d, sizeof(d), nullptr, 3), EINVAL_AND_RESET);
  EXPECT_EQ(d[0], '\0');
  EXPECT_EQ(memcpy_s(nullptr, 8, "abc", 3), EINVAL);
  EXPECT_EQ(memcpy_s(d, 0, "abc", 3), ERANGE);
}

TEST(Securec, GivenMemcpyWhenRangesOverlapThenEoverlapAndResetButSameBufferIsEok) {
  char d[16] = "abcdefghijklmno";
  EXPECT_EQ(memcpy_s(d, sizeof(d), d, 8), EOK);  // dest == src: nothing to do
  EXPECT_STREQ(d, "abcdefghijklmno");
  EXPECT_EQ(memcpy_s(d + 2, sizeof(d) - 2, d, 8), EOVERLAP_AND_RESET);
  EXPECT_EQ(d[2], '\0');
  EXPECT_EQ(d[15], '\0');
}

TEST(Securec, GivenMemmoveWhenRangesOverlapThenItMoves) {
  char d[16] = "abcdefgh";
  EXPECT_EQ(memmove_s(d + 2, sizeof(d) - 2, d, 8), EOK);
  EXPECT_EQ(std::string(d, 10), "ababcdefgh");
  EXPECT_EQ(memmove_s(d, 4, d + 4, 8), ERANGE_AND_RESET);
  EXPECT_EQ(std::memcmp(d, "\0\0\0\0", 4), 0);
}

TEST(Securec, GivenStrcpyThenCodesAndResets) {
  char d[8];
  EXPECT_EQ(strcpy_s(d, sizeof(d), "abcdefg"), EOK);
  EXPECT_STREQ(d, "abcdefg");
  EXPECT_EQ(strcpy_s(d, sizeof(d), "abcdefgh"), ERANGE_AND_RESET);
  EXPECT_STREQ(d, "");
  std::strcpy(d, "xy");
  EXPECT_EQ(strcpy_s(d, sizeof(d), nullptr), EINVAL_AND_RESET);
  EXPECT_STREQ(d, "");
  EXPECT_EQ(strcpy_s(nullptr, 8, "a"), EINVAL);
  EXPECT_EQ(strcpy_s(d, 0, "a"), ERANGE);
  EXPECT_EQ(strcpy_s(d, SECUREC_STRING_MAX_LEN + 1, "a"), ERANGE);
  char o[16] = "abcdef";
  EXPECT_EQ(strcpy_s(o + 1, sizeof(o) - 1, o), EOVERLAP_AND_RESET);
  EXPECT_EQ(o[1], '\0');
}

TEST(Securec, GivenStrncpyThenCountRulesFollowSecurec) {
  char d[4] = "xyz";
  EXPECT_EQ(strncpy_s(d, sizeof(d), "abcdef", 3), EOK);
  EXPECT_STREQ(d, "abc");
  EXPECT_EQ(strncpy_s(d, sizeof(d), "abcdef", 4), ERANGE_AND_RESET);
  EXPECT_STREQ(d, "");
  EXPECT_EQ(strncpy_s(d, sizeof(d), "ab", 100), EOK);  // count >= destMax, short source
  EXPECT_STREQ(d, "ab");
  EXPECT_EQ(strncpy_s(d, sizeof(d), "ab", 0), EOK);  // count 0 empties the destination
  EXPECT_STREQ(d, "");
  std::strcpy(d, "ab");
  EXPECT_EQ(strncpy_s(d, sizeof(d), "ab", SECUREC_STRING_MAX_LEN + 1), ERANGE_AND_RESET);
  EXPECT_STREQ(d, "");
}

TEST(Securec, GivenStrcatThenCodesAndResets) {
  char d[8] = "abc";
  EXPECT_EQ(strcat_s(d, sizeof(d), "defg"), EOK);
  EXPECT_STREQ(d, "abcdefg");
  EXPECT_EQ(strcat_s(d, sizeof(d), "h"), ERANGE_AND_RESET);
  EXPECT_STREQ(d, "");
  char u[4] = {'a', 'b', 'c', 'd'};  // not terminated within destMax
  EXPECT_EQ(strcat_s(u, sizeof(u), "e"), EINVAL_AND_RESET);
  EXPECT_EQ(u[0], '\0');
  std::strcpy(d, "ab");
  EXPECT_EQ(strcat_s(d, sizeof(d), d), ERANGE_AND_RESET);  // dest == src
  EXPECT_STREQ(d, "");
}

TEST(Securec, GivenStrncatThenAtMostCountCharactersAreAppended) {
  char d[8] = "ab";
  EXPECT_EQ(strncat_s(d, sizeof(d), "cdefgh", 3), EOK);
  EXPECT_STREQ(d, "abcde");
  EXPECT_EQ(strncat_s(d, sizeof(d), "fghij", 5), ERANGE_AND_RESET);
  EXPECT_STREQ(d, "");
  EXPECT_EQ(strncat_s(d, sizeof(d), nullptr, 1), EINVAL_AND_RESET);
}

TEST(Securec, GivenSprintfThenLengthOrMinusOneWithDestEmptied) {
  char d[8];
  EXPECT_EQ(sprintf_s(d, sizeof(d), "%d-%s", 42, "ab"), 5);
  EXPECT_STREQ(d, "42-ab");
  EXPECT_EQ(sprintf_s(d, sizeof(d), "%s", "abcdefgh"), -1);
  EXPECT_STREQ(d, "");
  EXPECT_EQ(sprintf_s(nullptr, 8, "x"), -1);
  std::strcpy(d, "keep");
  EXPECT_EQ(sprintf_s(d, 0, "x"), -1);
  EXPECT_STREQ(d, "keep");
}

TEST(Securec, GivenSnprintfWhenCountBelowDestMaxThenTruncatedOutputIsKeptAndMinusOne) {
  char d[16];
  // Annex K's snprintf_s has no count and returns the untruncated length.
  EXPECT_EQ(snprintf_s(d, sizeof(d), 4, "%s", "abcdefgh"), -1);
  EXPECT_STREQ(d, "abcd");
  EXPECT_EQ(snprintf_s(d, sizeof(d), 4, "%s", "abc"), 3);
  EXPECT_STREQ(d, "abc");
}

TEST(Securec, GivenSnprintfWhenCountAtLeastDestMaxThenOverflowEmptiesDest) {
  char d[4];
  EXPECT_EQ(snprintf_s(d, sizeof(d), sizeof(d), "%s", "abcdef"), -1);
  EXPECT_STREQ(d, "");
  EXPECT_EQ(snprintf_s(d, sizeof(d), static_cast<size_t>(-1), "%s", "abc"), 3);
  EXPECT_STREQ(d, "abc");
  EXPECT_EQ(snprintf_s(d, sizeof(d), SECUREC_STRING_MAX_LEN, "%s", "a"), -1);  // count too large
  EXPECT_STREQ(d, "");
}

int CallVsnprintf(char* d, size_t max, size_t count, const char* format, ...) {
  va_list args;
  va_start(args, format);
  int n = vsnprintf_s(d, max, count, format, args);
  va_end(args);
  return n;
}

TEST(Securec, GivenVsnprintfThenSameRulesAsSnprintf) {
  char d[8];
  EXPECT_EQ(CallVsnprintf(d, sizeof(d), 7, "%u", 1234567u), 7);
  EXPECT_STREQ(d, "1234567");
  EXPECT_EQ(CallVsnprintf(d, sizeof(d), 2, "%u", 1234567u), -1);
  EXPECT_STREQ(d, "12");
}

TEST(Securec, GivenPercentNThenMinusOneAsLibsafecRefusesIt) {
  char d[16];
  int n = 0;
  EXPECT_EQ(sprintf_s(d, sizeof(d), "ab%n", &n), -1);
  EXPECT_STREQ(d, "");
}

}  // namespace
