#version 330 core
// One quad over the region whose coverage texture says where rectangles are (window
// pixels, y down); vUV runs over the texture.
uniform vec2 uViewSize;  // window size, logical pixels
uniform vec4 uRect;      // region: x, y, w, h
out vec2 vUV;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vUV = corner;
    vec2 p = uRect.xy + corner * uRect.zw;
    vec2 ndc = p / uViewSize * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
