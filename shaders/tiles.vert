#version 330 core
// One quad over the visible cells of the map. vLocal is in map pixels from the corner of the
// first visible cell, so it stays small (and exact in float) however far the map extends.
uniform vec2 uViewSize;  // window size, logical pixels
uniform vec2 uOrigin;    // window position of the first visible cell's corner
uniform float uZoom;     // window pixels per map pixel
uniform vec2 uQuadSize;  // map pixels covered by the quad
out vec2 vLocal;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vLocal = corner * uQuadSize;
    vec2 p = uOrigin + vLocal * uZoom;
    vec2 ndc = p / uViewSize * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
