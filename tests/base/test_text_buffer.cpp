// TextBuffer (core/base/text_buffer.h): the buffer the trace writer and the movers' describe
// functions write into. Expected texts written by hand.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "base/text_buffer.h"

namespace ts {
namespace {

TEST(TextBuffer, FieldsAreCommaKeyColonValue) {
    TextBuffer b;
    b.intField("walk", -12);
    b.fixField("slide", Fix::fromInt(-3) + Fix::ratio(1, 4));
    b.boolField("on", true);
    b.boolField("off", false);
    b.nameField("region", "xy");
    EXPECT_EQ(b.text(),
              ",\"walk\":-12,\"slide\":-2.75,\"on\":true,\"off\":false,\"region\":\"xy\"");
}

TEST(TextBuffer, ExtremeNumbersAreWrittenWhole) {
    TextBuffer b;
    b.intField("min", INT64_MIN);
    b.fixField("tiny", Fix::fromRaw(-1));
    EXPECT_EQ(b.text(), ",\"min\":-9223372036854775808,\"tiny\":-0.0000152587890625");
}

// Growing copies what was written before; clear() forgets the text, not the memory.
TEST(TextBuffer, KeepsItsTextWhenItGrowsAndStartsOverAfterClear) {
    TextBuffer b;
    std::string expected;
    for (int i = 0; i < 5000; ++i) {
        b.intField("i", i);
        expected += ",\"i\":" + std::to_string(i);
    }
    EXPECT_EQ(b.text(), expected);
    const char* memory = b.text().data();
    b.clear();
    EXPECT_EQ(b.size(), 0u);
    b.nameField("k", "v");
    EXPECT_EQ(b.text(), ",\"k\":\"v\"");
    EXPECT_EQ(b.text().data(), memory);
}

// A caller may write by hand with room() / end() between fields.
TEST(TextBuffer, RoomAndEndAppendAfterTheFields) {
    TextBuffer b;
    b.intField("a", 1);
    char* p = b.room(2);
    *p++ = '}';
    *p++ = '\n';
    b.end(p);
    EXPECT_EQ(b.text(), ",\"a\":1}\n");
}

}  // namespace
}  // namespace ts
