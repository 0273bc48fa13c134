// Tiny helpers for writing JSON text by hand (trace lines are written without cereal so
// that they are exact and fast). The write* functions format into a caller's char buffer
// that has room enough (see the k*Chars bounds) and return the end of what they wrote;
// writeInt and writeFix may scribble on that room past the end (they store whole words).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "base/fixed.h"

namespace ts {

// Longest text writeInt / writeFix produce: "-9223372036854775808"; the integer part of a
// 48.16 value, its sign, a point and at most 16 fraction digits.
constexpr size_t kIntChars = 20;
constexpr size_t kFixChars = 1 + 15 + 1 + 16;
// A JSON string literal of n bytes takes at most this many characters, quotes included.
constexpr size_t jsonStringChars(size_t n) {
    return 2 + 6 * n;
}

char* writeInt(char* out, int64_t v);
// The exact decimal text of a fixed-point value, as Fix::str() writes it.
char* writeFix(char* out, Fix v);
char* writeJsonString(char* out, const char* s, size_t n);

// Appends s as a JSON string literal, quotes included.
void appendJsonString(std::string& out, const std::string& s);
void appendJsonString(std::string& out, const char* s);
void appendInt(std::string& out, int64_t v);
void appendFix(std::string& out, Fix v);

}  // namespace ts
