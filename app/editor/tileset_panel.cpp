// The tileset section: every kind with its collision shape drawn over its colour (or its
// image cell), the selected kind's editor, and the tileset image with its cells.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "editor/panels.h"
#include "editor/tools/tool.h"
#include "map/image_flip.h"

namespace ts {

namespace {

ImU32 toImColor(uint32_t argb, float alphaScale = 1.0f) {
    uint32_t a = uint32_t(float(argb >> 24) * alphaScale);
    return IM_COL32((argb >> 16) & 0xff, (argb >> 8) & 0xff, argb & 0xff, a);
}

// The kind as the canvas draws it: solid part in full colour, the rest faint; one-way tiles
// with a bar on each edge that blocks entry.
void drawSwatch(ImDrawList* dl, ImVec2 p, float size, const TileKind& k, int tileSize,
                const CanvasRenderer& r) {
    ImVec2 q(p.x + size, p.y + size);
    dl->AddRectFilled(p, q, IM_COL32(42, 47, 56, 255));
    if (k.shape == Shape::Empty && k.color >> 24 == 0)
        dl->AddLine(p, q, IM_COL32(200, 80, 80, 200));
    bool drewImage = false;
    if (k.imageCell >= 0 && r.imageTexture.id() && r.image.width > 0) {
        const int cs = r.imageCellSize;
        int cols = cs > 0 ? r.image.width / cs : 0;
        if (cols > 0) {
            float u0 = float((k.imageCell % cols) * cs) / float(r.image.width);
            float v0 = float((k.imageCell / cols) * cs) / float(r.image.height);
            float du = float(cs) / float(r.image.width), dv = float(cs) / float(r.image.height);
            // The swatch's corners, clockwise from top-left, each showing the image corner
            // the kind's flips put there: imageFlipSource on a 2 x 2 grid maps corner 0 to 1.
            const ImVec2 corners[4] = {p, ImVec2(q.x, p.y), q, ImVec2(p.x, q.y)};
            const int at[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
            ImVec2 uv[4];
            for (int i = 0; i < 4; ++i) {
                int32_t sx = 0, sy = 0;
                imageFlipSource(k.imageFlip, 2, at[i][0], at[i][1], &sx, &sy);
                uv[i] = ImVec2(u0 + float(sx) * du, v0 + float(sy) * dv);
            }
            dl->AddImageQuad((ImTextureID)(intptr_t)r.imageTexture.id(), corners[0], corners[1],
                             corners[2], corners[3], uv[0], uv[1], uv[2], uv[3]);
            drewImage = true;
        }
    }
    ImU32 full = toImColor(k.color), faint = toImColor(k.color, 0.25f);
    if (k.shape == Shape::OneWay) {
        if (!drewImage) dl->AddRectFilled(p, q, toImColor(k.color, 0.35f));
        float t = std::max(2.0f, size / 6);
        if (!(k.passMask & DIR_DOWN)) dl->AddRectFilled(p, ImVec2(q.x, p.y + t), full);
        if (!(k.passMask & DIR_UP)) dl->AddRectFilled(ImVec2(p.x, q.y - t), q, full);
        if (!(k.passMask & DIR_RIGHT)) dl->AddRectFilled(p, ImVec2(p.x + t, q.y), full);
        if (!(k.passMask & DIR_LEFT)) dl->AddRectFilled(ImVec2(q.x - t, p.y), q, full);
    } else if (k.shape == Shape::Solid) {
        if (!drewImage) dl->AddRectFilled(p, q, full);
    } else if (k.shape == Shape::Empty) {
        if (!drewImage && k.color >> 24) dl->AddRectFilled(p, q, toImColor(k.color, 0.5f));
    } else {
        // Slopes: one bar per swatch column, its height from core's column heights.
        if (!drewImage) dl->AddRectFilled(p, q, faint);
        const int columns = std::max(1, int(size));
        for (int i = 0; i < columns; ++i) {
            int c = std::min(tileSize - 1, i * tileSize / columns);
            float h = float(shapeColumnHeight(k.shape, c, tileSize)) / float(tileSize) * size;
            float x0 = p.x + float(i) * size / float(columns);
            dl->AddRectFilled(ImVec2(x0, q.y - h), ImVec2(x0 + size / float(columns), q.y),
                              drewImage ? IM_COL32(255, 255, 255, 60) : full);
        }
    }
    dl->AddRect(p, q, IM_COL32(0, 0, 0, 160));
}

// The kind's image orientation as Tiled offers it, on one row: the three flips (H, V and
// the diagonal D) and quarter turns; what the result looks like in each one's tooltip.
// True when it changed.
bool imageFlipEditor(TileKind& k) {
    bool changed = false;
    const std::string now = std::string("Image: ") + imageFlipDescription(k.imageFlip);
    auto tooltip = [&](const char* what) {
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%s", what, now.c_str());
    };
    const struct {
        const char* label;
        uint8_t bit;
        const char* what;
    } flips[] = {{"H", kImageFlipH, "Flip horizontally"},
                 {"V", kImageFlipV, "Flip vertically"},
                 {"D", kImageFlipD, "Flip diagonally: x and y swapped, before H and V"}};
    for (const auto& f : flips) {
        bool on = k.imageFlip & f.bit;
        if (ImGui::Checkbox(f.label, &on)) {
            k.imageFlip = uint8_t(on ? k.imageFlip | f.bit : k.imageFlip & ~f.bit);
            changed = true;
        }
        tooltip(f.what);
        ImGui::SameLine();
    }
    // A quarter turn clockwise is Tiled's diagonal + horizontal flip, counter-clockwise its
    // diagonal + vertical flip, applied after the kind's own.
    if (ImGui::Button("<")) {
        k.imageFlip = composeImageFlips(k.imageFlip, kImageFlipD | kImageFlipV);
        changed = true;
    }
    tooltip("Rotate left (a quarter turn counter-clockwise)");
    ImGui::SameLine();
    if (ImGui::Button(">")) {
        k.imageFlip = composeImageFlips(k.imageFlip, kImageFlipD | kImageFlipH);
        changed = true;
    }
    tooltip("Rotate right (a quarter turn clockwise)");
    ImGui::SameLine();
    ImGui::TextUnformatted("Image flip");
    return changed;
}

void kindEditor(EditorState& s, CanvasRenderer& r) {
    const Map& m = s.doc.map();
    uint16_t id = s.selectedKind;
    if (id == 0 || id >= m.tileset.kinds.size()) {
        ImGui::TextDisabled("Select a kind to edit it.");
        return;
    }
    TileKind k = m.tileset.kinds[id];
    bool changed = false;
    ImGui::PushID("kind");
    std::string name = k.name;
    if (ImGui::InputText("Name", &name, ImGuiInputTextFlags_EnterReturnsTrue) && !name.empty()) {
        k.name = name;
        changed = true;
    }
    float col[4] = {float((k.color >> 16) & 0xff) / 255, float((k.color >> 8) & 0xff) / 255,
                    float(k.color & 0xff) / 255, float(k.color >> 24) / 255};
    if (ImGui::ColorEdit4("Colour", col, ImGuiColorEditFlags_NoInputs)) {
        auto byte = [](float f) { return uint32_t(std::clamp(f, 0.0f, 1.0f) * 255 + 0.5f); };
        k.color = byte(col[3]) << 24 | byte(col[0]) << 16 | byte(col[1]) << 8 | byte(col[2]);
        changed = true;
    }
    if (ImGui::BeginCombo("Shape", shapeName(k.shape))) {
        for (int i = 0; i < int(Shape::Count); ++i)
            if (ImGui::Selectable(shapeName(Shape(i)), k.shape == Shape(i))) {
                k.shape = Shape(i);
                changed = true;
            }
        ImGui::EndCombo();
    }
    if (k.shape == Shape::OneWay) {
        ImGui::TextDisabled("Passable when travelling:");
        const char* names[] = {"left", "right", "up", "down"};
        for (int b = 0; b < 4; ++b) {
            if (b) ImGui::SameLine();
            bool on = k.passMask & (1 << b);
            if (ImGui::Checkbox(names[b], &on)) {
                k.passMask = uint8_t(on ? k.passMask | (1 << b) : k.passMask & ~(1 << b));
                changed = true;
            }
        }
    }
    if (r.image.width > 0) {
        int cell = k.imageCell;
        if (ImGui::InputInt("Image cell", &cell)) {
            k.imageCell = std::max(-1, cell);
            changed = true;
        }
        changed |= imageFlipEditor(k);
    }
    if (changed) {
        std::string error;
        CommandPtr cmd = setTileKind(m, id, k, &error);
        if (cmd) {
            panelEdit(s, "Edit tile kind", std::move(cmd));
        } else {
            setMessage(s, error);
        }
    }
    if (ImGui::Button("Delete kind")) {
        std::string error;
        if (CommandPtr cmd = deleteTileKind(m, id, &error)) {
            applyEdit(s, std::move(cmd));
            clampSelection(s);
        } else {
            setMessage(s, error);
        }
    }
    if (ImGui::IsItemHovered() && tileKindUsed(m, id))
        ImGui::SetTooltip("Its tiles become empty (undo brings them back).");
    ImGui::PopID();
}

void imageSection(EditorState& s, CanvasRenderer& r) {
    const Map& m = s.doc.map();
    ImGui::TextDisabled("Image: %s", m.tileset.image.empty() ? "none" : m.tileset.image.c_str());
    if (ImGui::Button("Load image...")) {
        s.dialogs.imageCellSize = m.tileset.imageCellSize;
        s.dialogs.openImage = true;
    }
    if (!m.tileset.image.empty()) {
        ImGui::SameLine();
        if (ImGui::Button("Remove image")) applyEdit(s, setTilesetImage(m, "", 0));
    }
    if (!r.imageError.empty())
        ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", r.imageError.c_str());
    if (r.image.width <= 0 || !r.imageTexture.id()) return;
    int cs = m.tileset.imageCellSize > 0 ? m.tileset.imageCellSize : m.tileSize;
    int cols = std::max(1, r.image.width / cs), rows = std::max(1, r.image.height / cs);
    float avail = ImGui::GetContentRegionAvail().x;
    float scale = std::min(4.0f, avail / float(r.image.width));
    ImVec2 p = ImGui::GetCursorScreenPos();
    ImVec2 size(float(r.image.width) * scale, float(r.image.height) * scale);
    ImGui::Image((ImTextureID)(intptr_t)r.imageTexture.id(), size);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    for (int x = 0; x <= cols; ++x)
        dl->AddLine(ImVec2(p.x + float(x * cs) * scale, p.y),
                    ImVec2(p.x + float(x * cs) * scale, p.y + size.y), IM_COL32(255, 255, 255, 50));
    for (int y = 0; y <= rows; ++y)
        dl->AddLine(ImVec2(p.x, p.y + float(y * cs) * scale),
                    ImVec2(p.x + size.x, p.y + float(y * cs) * scale), IM_COL32(255, 255, 255, 50));
    uint16_t id = s.selectedKind;
    if (id > 0 && id < m.tileset.kinds.size()) {
        int cell = m.tileset.kinds[id].imageCell;
        if (cell >= 0) {
            float x = float((cell % cols) * cs) * scale, y = float((cell / cols) * cs) * scale;
            dl->AddRect(ImVec2(p.x + x, p.y + y),
                        ImVec2(p.x + x + float(cs) * scale, p.y + y + float(cs) * scale),
                        IM_COL32(255, 220, 80, 255), 0, 0, 2);
        }
        if (ImGui::IsItemClicked()) {
            ImVec2 mp = ImGui::GetIO().MousePos;
            int cx = int((mp.x - p.x) / scale) / cs, cy = int((mp.y - p.y) / scale) / cs;
            TileKind k = m.tileset.kinds[id];
            k.imageCell = cy * cols + cx;
            applyEdit(s, setTileKind(m, id, k));
        }
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Click a cell to show it for the selected kind");
    }
}

// "passes L R U" (directions of travel that may enter).
std::string passText(uint8_t mask) {
    std::string t = "passes";
    const char* letters[] = {" L", " R", " U", " D"};
    for (int b = 0; b < 4; ++b)
        if (mask & (1 << b)) t += letters[b];
    return mask ? t : "blocks all";
}

}  // namespace

void tilesetSection(EditorState& s, CanvasRenderer& r) {
    const Map& m = s.doc.map();
    const float size = std::round(ImGui::GetFontSize() * 2.2f);
    const ImGuiStyle& style = ImGui::GetStyle();
    const float listH = std::min(ui(240), (size + ui(6)) * float(m.tileset.kinds.size()) + ui(8));
    const float textX = style.WindowPadding.x + size + style.ItemSpacing.x;
    ImGui::BeginChild("kinds", ImVec2(0, listH), true);
    for (size_t i = 0; i < m.tileset.kinds.size(); ++i) {
        const TileKind& k = m.tileset.kinds[i];
        ImGui::PushID(int(i));
        bool painting = s.stamp.w == 1 && s.stamp.h == 1 && s.stamp.at(0, 0) == i;
        ImVec2 p = ImGui::GetCursorScreenPos();
        if (ImGui::Selectable("##kind", painting, 0, ImVec2(0, size))) {
            s.stamp = Stamp::single(uint16_t(i));
            if (i > 0) s.selectedKind = uint16_t(i);
            if (!toolSpec(s.tool).paintsKind) s.tool = i == 0 ? Tool::Eraser : Tool::Stamp;
        }
        drawSwatch(ImGui::GetWindowDrawList(), p, size, k, m.tileSize, r);
        ImGui::SameLine(textX);
        ImGui::BeginGroup();
        ImGui::TextUnformatted(k.name.c_str());
        if (i == s.selectedKind && i > 0) {
            ImGui::SameLine();
            ImGui::TextDisabled("(editing)");
        }
        std::string about = k.name == shapeName(k.shape) ? "" : shapeName(k.shape);
        if (k.shape == Shape::OneWay) about += " " + passText(k.passMask);
        if (k.imageCell >= 0) about += about.empty() ? "image" : ", image";
        if (k.imageCell >= 0 && k.imageFlip)
            about += std::string(" (flip ") + imageFlipLetters(k.imageFlip) + ")";
        ImGui::TextDisabled("%s", about.c_str());
        ImGui::EndGroup();
        ImGui::PopID();
    }
    ImGui::EndChild();
    if (ImGui::Button("Add kind")) {
        TileKind k;
        k.name = "kind" + std::to_string(m.tileset.kinds.size());
        k.color = 0xff9a6ad0;
        k.shape = Shape::Solid;
        size_t id = m.tileset.kinds.size();
        std::string error;
        if (CommandPtr cmd = addTileKind(m, k, &error)) {
            applyEdit(s, std::move(cmd));
            s.selectedKind = uint16_t(id);
        } else {
            setMessage(s, error);
        }
    }
    kindEditor(s, r);
    if (ImGui::TreeNode("Tileset image")) {
        imageSection(s, r);
        ImGui::TreePop();
    }
}

}  // namespace ts
