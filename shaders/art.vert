#version 330 core
// Tiled art: one instance per tile, a unit quad scaled to the tile's rectangle in map pixels
// (aDst) and textured from its source rectangle in the tileset image (aSrc, texels), turned
// by Tiled's flip bits (aFlags: 1 horizontal, 2 vertical, 4 anti-diagonal).
layout(location = 0) in vec2 aCorner;
layout(location = 1) in vec4 aDst;
layout(location = 2) in vec4 aSrc;
layout(location = 3) in float aFlags;
uniform vec2 uViewSize;
uniform vec2 uOrigin;  // window position of map pixel (0, 0)
uniform float uZoom;
uniform vec2 uTexSize;
out vec2 vUv;

void main() {
    vec2 p = uOrigin + (aDst.xy + aCorner * aDst.zw) * uZoom;
    vec2 ndc = p / uViewSize * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    int f = int(aFlags + 0.5);
    vec2 uv = aCorner;
    if ((f & 1) != 0) uv.x = 1.0 - uv.x;
    if ((f & 2) != 0) uv.y = 1.0 - uv.y;
    if ((f & 4) != 0) uv = uv.yx;
    vUv = (aSrc.xy + uv * aSrc.zw) / uTexSize;
}
