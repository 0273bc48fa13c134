// ModelFields (core/movers/model_fields.h): what a describe function gives, kept as values
// or written straight into a text buffer as JSON. Expected texts written by hand.
#include <gtest/gtest.h>

#include <string>

#include "base/text_buffer.h"
#include "movers/model_fields.h"

namespace ts {
namespace {

void describeSome(ModelFields& out) {
    out.intField("walk", -12);
    out.fixField("slide", Fix::fromInt(-3) + Fix::ratio(1, 4));
    out.boolField("on", true);
    out.nameField("region", "xy");
}

TEST(ModelFields, KeepsEachFieldAsItsValue) {
    ModelFields f;
    describeSome(f);
    ASSERT_EQ(f.size(), 4u);
    EXPECT_EQ(f[0].key, "walk");
    EXPECT_EQ(f[0].type, ModelField::Type::Int);
    EXPECT_EQ(f[0].value, -12);
    EXPECT_EQ(f[1].type, ModelField::Type::Fix);
    EXPECT_EQ(f[1].value, -2 * 65536 - 49152);  // -2.75
    EXPECT_EQ(f[2].value, 1);
    EXPECT_EQ(f[3].name, "xy");
    EXPECT_EQ(modelFieldText(f[1]), "-2.75");
    EXPECT_EQ(modelFieldText(f[2]), "true");
    EXPECT_EQ(modelFieldText(f[3]), "xy");
    EXPECT_EQ(modelFieldsJson(f), ",\"walk\":-12,\"slide\":-2.75,\"on\":true,\"region\":\"xy\"");
    f.clear();
    EXPECT_EQ(f.size(), 0u);
    EXPECT_EQ(modelFieldsJson(f), "");
}

TEST(ModelFields, GivenABufferWritesTheSameJsonStraightIntoIt) {
    TextBuffer b;
    ModelFields f(&b);
    describeSome(f);
    EXPECT_EQ(f.size(), 4u);
    EXPECT_EQ(b.text(), ",\"walk\":-12,\"slide\":-2.75,\"on\":true,\"region\":\"xy\"");
}

// Both forms keep the first kMax fields, so a JSON trace and a .tstrace hold the same ones.
TEST(ModelFields, FieldsPastTheMostAPluginDeclaresAreDroppedInBothForms) {
    TextBuffer b;
    ModelFields values, text(&b);
    for (int i = 0; i < 10; ++i) {
        values.intField("k", i);
        text.intField("k", i);
    }
    EXPECT_EQ(values.size(), ModelFields::kMax);
    EXPECT_EQ(values[ModelFields::kMax - 1].value, 7);
    EXPECT_EQ(b.text(), ",\"k\":0,\"k\":1,\"k\":2,\"k\":3,\"k\":4,\"k\":5,\"k\":6,\"k\":7");
}

}  // namespace
}  // namespace ts
