#version 330 core
// Instanced filled rectangles: a unit quad scaled to each instance's x, y, w, h (window
// pixels, y down).
layout(location = 0) in vec2 aCorner;
layout(location = 1) in vec4 aRect;
layout(location = 2) in vec4 aColor;
uniform vec2 uViewSize;
out vec4 vColor;

void main() {
    vec2 p = aRect.xy + aCorner * aRect.zw;
    vec2 ndc = p / uViewSize * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    vColor = aColor;
}
