#include "tiled_objects_compare.h"

#include <gtest/gtest.h>

namespace ts::test {

void expectSameTiledObjects(const interop::TiledMap& ours, const interop::TiledMap& tiled,
                            const std::string& what) {
    ASSERT_EQ(ours.objectLayers.size(), tiled.objectLayers.size()) << what;
    for (size_t l = 0; l < ours.objectLayers.size(); ++l) {
        const std::vector<interop::TiledObject>& a = ours.objectLayers[l].objects;
        const std::vector<interop::TiledObject>& b = tiled.objectLayers[l].objects;
        ASSERT_EQ(a.size(), b.size()) << what;
        for (size_t i = 0; i < a.size(); ++i) {
            SCOPED_TRACE(what + ": object " + std::to_string(a[i].id));
            EXPECT_EQ(a[i].id, b[i].id);
            EXPECT_EQ(a[i].name, b[i].name);
            EXPECT_EQ(a[i].type, b[i].type);
            EXPECT_EQ(a[i].x, b[i].x);
            EXPECT_EQ(a[i].y, b[i].y);
            EXPECT_EQ(a[i].width, b[i].width);
            EXPECT_EQ(a[i].height, b[i].height);
            EXPECT_EQ(a[i].rotation, b[i].rotation);
            EXPECT_EQ(a[i].gid, b[i].gid);
            EXPECT_EQ(int(a[i].shape), int(b[i].shape));
            ASSERT_EQ(a[i].points.size(), b[i].points.size());
            for (size_t k = 0; k < a[i].points.size(); ++k) {
                EXPECT_EQ(a[i].points[k].x, b[i].points[k].x) << "point " << k;
                EXPECT_EQ(a[i].points[k].y, b[i].points[k].y) << "point " << k;
            }
            ASSERT_EQ(a[i].properties.size(), b[i].properties.size());
            for (const interop::TiledProperty& p : a[i].properties) {
                const interop::TiledProperty* q = interop::findProperty(b[i].properties, p.name);
                ASSERT_NE(q, nullptr) << p.name;
                EXPECT_EQ(p.value, q->value) << p.name;
            }
        }
    }
}

}  // namespace ts::test
