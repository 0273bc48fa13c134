// core/base/json_patch.h on small texts whose patched form is worked out by hand: the
// source's layout stays wherever `before` and `after` agree.
#include <gtest/gtest.h>

#include "base/json_patch.h"
#include "base/json_spans.h"

namespace ts {
namespace {

std::string patched(const std::string& source, const std::string& before,
                    const std::string& after) {
    std::string out;
    EXPECT_TRUE(patchJson(source, before, after, &out));
    return out;
}

TEST(JsonSpans, FindsEveryValueAndKey) {
    JsonSpan root;
    const std::string text = "\xEF\xBB\xBF {\"a\" : [1, \"x,]\\\"\", {}], \"b\":null } ";
    ASSERT_TRUE(scanJsonSpans(text, &root));
    ASSERT_EQ(root.kind, JsonSpan::Kind::Object);
    ASSERT_EQ(root.keys, (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(text.substr(root.keyBegin[1], 3), "\"b\"");
    const JsonSpan& a = root.items[0];
    ASSERT_EQ(a.items.size(), 3u);
    EXPECT_EQ(text.substr(a.items[1].begin, a.items[1].end - a.items[1].begin), "\"x,]\\\"\"");
    EXPECT_EQ(a.items[2].kind, JsonSpan::Kind::Object);
    EXPECT_EQ(text.substr(root.items[1].begin, 4), "null");
    for (const char* bad : {"", "{", "[1,]x", "{\"a\" 1}", "[1] 2", "\"open"})
        EXPECT_FALSE(scanJsonSpans(bad, &root)) << bad;
    EXPECT_FALSE(scanJsonSpans("[[[1]]]", &root, 2));
}

TEST(JsonPatch, KeepsTheSourceWhereNothingChanged) {
    // The source spells numbers its own way and orders keys its own way.
    const std::string source = "{ \"b\": 2.50, \"a\": [1,2,3], \"c\": 1e1 }";
    const std::string before = "{\"a\": [1, 2, 3], \"b\": 2.5, \"c\": 10}";
    EXPECT_EQ(patched(source, before, before), source);
    EXPECT_EQ(patched(source, before, "{\"a\": [1, 2, 3], \"b\": 2.5, \"c\": 11}"),
              "{ \"b\": 2.50, \"a\": [1,2,3], \"c\": 11 }");
    EXPECT_EQ(patched(source, before, "{\"a\": [1, 7, 3], \"b\": 2.5, \"c\": 10}"),
              "{ \"b\": 2.50, \"a\": [1,7,3], \"c\": 1e1 }");
}

TEST(JsonPatch, KeysTheWriterLeavesOutStayOut) {
    // "w" is absent from the source; the writer writes its default 12 both times.
    const std::string source = "{\"x\": 1, \"keep\": true}";
    const std::string before = "{\"x\": 1, \"w\": 12}";
    EXPECT_EQ(patched(source, before, "{\"x\": 2, \"w\": 12}"), "{\"x\": 2, \"keep\": true}");
    // Now it changes: it is written, after the member before it in the writer's order.
    EXPECT_EQ(patched(source, before, "{\"x\": 1, \"w\": 13}"),
              "{\"x\": 1, \"w\": 13, \"keep\": true}");
}

TEST(JsonPatch, MembersAreAddedAndRemovedWithTheirSeparators) {
    const std::string source = "{\n  \"p\": {\n    \"a\": 1,\n    \"b\": 2\n  }\n}";
    const std::string before = "{\"p\": {\"a\": 1, \"b\": 2}}";
    EXPECT_EQ(patched(source, before, "{\"p\": {\"a\": 1}}"),
              "{\n  \"p\": {\n    \"a\": 1\n  }\n}");
    EXPECT_EQ(patched(source, before, "{\"p\": {\"b\": 2}}"),
              "{\n  \"p\": {\n    \"b\": 2\n  }\n}");
    EXPECT_EQ(patched(source, before, "{\"p\": {}}"), "{\n  \"p\": {}\n}");
    EXPECT_EQ(patched(source, before, "{\"p\": {\"z\": 0, \"a\": 1, \"b\": 2}}"),
              "{\n  \"p\": {\n    \"z\": 0,\n    \"a\": 1,\n    \"b\": 2\n  }\n}");
    EXPECT_EQ(patched(source, before, "{\"p\": {\"a\": 1, \"m\": 5, \"b\": 2}}"),
              "{\n  \"p\": {\n    \"a\": 1, \"m\": 5,\n    \"b\": 2\n  }\n}");
    EXPECT_EQ(patched(source, before, "{\"p\": {\"b\": 2, \"c\": 3}}"),
              "{\n  \"p\": {\n    \"b\": 2, \"c\": 3\n  }\n}");
}

TEST(JsonPatch, ElementsAreSplicedBetweenTheUnchangedEnds) {
    const std::string source = "[\n  1,\n  2,\n  3\n]";
    const std::string before = "[1, 2, 3]";
    EXPECT_EQ(patched(source, before, "[1, 3]"), "[\n  1, 3\n]");
    EXPECT_EQ(patched(source, before, "[1, 2, 9, 3]"), "[\n  1,\n  2, 9, 3\n]");
    EXPECT_EQ(patched(source, before, "[0, 1, 2, 3]"), "[0, 1,\n  2,\n  3\n]");
    EXPECT_EQ(patched(source, before, "[]"), "[]");
    EXPECT_EQ(patched("[]", "[]", "[4]"), "[4]");
    // The space before the closing bracket goes with what follows the last kept element.
    EXPECT_EQ(patched(source, before, "[1, 2, 3, 4]"), "[\n  1,\n  2,\n  3, 4]");
}

TEST(JsonPatch, RefusesWhatItCannotMatch) {
    std::string out = "untouched";
    EXPECT_FALSE(patchJson("{\"\\u0061\": 1}", "{\"a\": 1}", "{\"a\": 2}", &out));
    EXPECT_FALSE(patchJson("{", "{}", "{}", &out));
    EXPECT_EQ(out, "untouched");
}

}  // namespace
}  // namespace ts
