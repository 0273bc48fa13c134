#version 330 core
// Colours one pixel of the tile layer from the tile id texture and the kind palettes.
// Slopes: solid below the surface (column heights from core's shapeColumnHeight), the rest a
// faint tint. One-way tiles: a bar on each edge that blocks entry, a chevron along each axis
// that passes only one way (Dir bits LEFT=1 RIGHT=2 UP=4 DOWN=8 are directions of travel).
in vec2 vLocal;
out vec4 fragColor;

uniform usampler2D uTiles;   // R16UI, one texel per cell: the kind id
uniform sampler2D uColors;   // RGBA8, one texel per kind
uniform isampler2D uInfo;    // RGBA16I per kind: shape, pass mask, image cell, image flip
uniform usampler2D uHeights; // R16UI [column, shape]: solid pixels from the tile's bottom
uniform sampler2D uImage;    // optional tileset image
uniform ivec2 uCellOffset;
uniform int uTileSize;
uniform int uKindCount;
uniform int uHasImage;
uniform int uImageCells;     // image cells per row
uniform int uImageCellSize;
uniform float uAlpha;

const int SHAPE_EMPTY = 0;
const int SHAPE_SOLID = 1;
const int SHAPE_ONE_WAY = 8;
// Image flip bits (core/image_flip.h): Tiled's diagonal, vertical and horizontal flips.
const int FLIP_D = 1;
const int FLIP_V = 2;
const int FLIP_H = 4;

// A chevron pointing toward smaller `along` at the tile centre; u, along in [0, 1].
bool chevron(float across, float along) {
    float d = abs(across - 0.5);
    return d < 0.3 && abs((along - 0.32) - d * 0.8) < 0.075;
}

void main() {
    ivec2 local = ivec2(floor(vLocal / float(uTileSize)));
    ivec2 cell = uCellOffset + local;
    vec2 lp = vLocal - vec2(local * uTileSize);  // pixel inside the tile, [0, tile)
    int kind = int(texelFetch(uTiles, cell, 0).r);
    if (kind == 0) discard;
    if (kind >= uKindCount) {  // an id the tileset lacks: loud magenta, never a crash
        fragColor = vec4(1.0, 0.0, 1.0, uAlpha);
        return;
    }
    ivec4 info = texelFetch(uInfo, ivec2(kind, 0), 0);
    vec4 color = texelFetch(uColors, ivec2(kind, 0), 0);
    if (uHasImage != 0 && info.z >= 0 && uImageCells > 0) {
        ivec2 base = ivec2(info.z % uImageCells, info.z / uImageCells) * uImageCellSize;
        ivec2 inCell = ivec2(lp * float(uImageCellSize) / float(uTileSize));
        // Tiled turns a flipped cell diagonal first, then horizontal, then vertical; the pixel
        // shown here comes from undoing those steps in reverse (core's imageFlipSource).
        int last = uImageCellSize - 1;
        inCell = clamp(inCell, ivec2(0), ivec2(last));
        if ((info.w & FLIP_V) != 0) inCell.y = last - inCell.y;
        if ((info.w & FLIP_H) != 0) inCell.x = last - inCell.x;
        if ((info.w & FLIP_D) != 0) inCell = inCell.yx;
        ivec2 texel = base + inCell;
        if (texel.y < textureSize(uImage, 0).y) color = texelFetch(uImage, texel, 0);
    }
    int shape = info.x;
    int col = clamp(int(lp.x), 0, uTileSize - 1);
    int row = clamp(int(lp.y), 0, uTileSize - 1);
    vec2 uv = (vec2(col, row) + 0.5) / float(uTileSize);

    if (shape == SHAPE_ONE_WAY) {
        int mask = info.y;
        float t = max(1.0, floor(float(uTileSize) / 6.0));
        // Entry edges: travelling DOWN enters through the top edge, UP through the bottom,
        // RIGHT through the left edge, LEFT through the right edge.
        bool bar = ((mask & 8) == 0 && float(row) < t) ||
                   ((mask & 4) == 0 && float(row) >= float(uTileSize) - t) ||
                   ((mask & 2) == 0 && float(col) < t) ||
                   ((mask & 1) == 0 && float(col) >= float(uTileSize) - t);
        bool up = (mask & 4) != 0, down = (mask & 8) != 0;
        bool left = (mask & 1) != 0, right = (mask & 2) != 0;
        bool arrow = (up && !down && chevron(uv.x, uv.y)) ||
                     (down && !up && chevron(uv.x, 1.0 - uv.y)) ||
                     (left && !right && chevron(uv.y, uv.x)) ||
                     (right && !left && chevron(uv.y, 1.0 - uv.x));
        if (bar) {
            fragColor = vec4(color.rgb, color.a * uAlpha);
        } else if (arrow) {
            fragColor = vec4(mix(color.rgb, vec3(1.0), 0.55), color.a * uAlpha);
        } else {
            fragColor = vec4(color.rgb, color.a * 0.35 * uAlpha);
        }
        return;
    }
    int height = int(texelFetch(uHeights, ivec2(col, shape), 0).r);
    bool solid = row >= uTileSize - height;
    if (solid || shape == SHAPE_SOLID) {
        fragColor = vec4(color.rgb, color.a * uAlpha);
    } else if (shape == SHAPE_EMPTY) {  // a decoration kind: drawn, but it never collides
        fragColor = vec4(color.rgb, color.a * 0.5 * uAlpha);
    } else {
        fragColor = vec4(color.rgb, color.a * 0.18 * uAlpha);
    }
}
