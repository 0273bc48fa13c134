// Helpers shared by the test_edit_*.cpp suites.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "edit/edit.h"
#include "test_support.h"
#include "io/map_validate.h"

namespace ts::test {

// The tile layer as rows of mapFromRows' characters (ids 0..8 of the default tileset),
// '?' for any other id: expectations read like the maps they describe.
inline std::vector<std::string> tileRows(const Map& m) {
    static const char kChars[] = ".#/\\abdc=";
    std::vector<std::string> rows;
    for (int32_t y = 0; y < m.height; ++y) {
        std::string row;
        for (int32_t x = 0; x < m.width; ++x) {
            uint16_t t = m.tile(x, y);
            row += t < 9 ? kChars[t] : '?';
        }
        rows.push_back(row);
    }
    return rows;
}

// Applies `cmd` (built from `before`) through a Document and checks the round trip: the
// result is valid, undo gives back `before` exactly, redo gives the same result again.
// Returns the map after the command.
inline Map applyUndoRedo(const Map& before, CommandPtr cmd) {
    Document doc(before);
    EXPECT_TRUE(cmd != nullptr);
    EXPECT_TRUE(doc.apply(std::move(cmd))) << "the command changed nothing";
    Map after = doc.map();
    EXPECT_EQ(validateMap(after), "");
    EXPECT_TRUE(doc.undo());
    EXPECT_TRUE(doc.map() == before) << "undo did not restore the map";
    EXPECT_EQ(validateMap(doc.map()), "");
    EXPECT_TRUE(doc.redo());
    EXPECT_TRUE(doc.map() == after) << "redo did not give the same map";
    EXPECT_EQ(validateMap(doc.map()), "");
    return after;
}

}  // namespace ts::test
