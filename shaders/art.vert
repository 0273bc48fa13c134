#version 330 core
// Tiled art: two triangles per tile, positions in map pixels and texture coordinates in
// texels of the tile's image (flips already applied), placed by the view's origin and zoom.
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec2 aUv;
uniform vec2 uViewSize;
uniform vec2 uOrigin;  // window position of map pixel (0, 0)
uniform float uZoom;
uniform vec2 uTexSize;
out vec2 vUv;

void main() {
    vec2 p = uOrigin + aPos * uZoom;
    vec2 ndc = p / uViewSize * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    vUv = aUv / uTexSize;
}
