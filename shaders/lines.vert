#version 330 core
// Batched lines in window pixels (y down) -> clip space.
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec4 aColor;
uniform vec2 uViewSize;
out vec4 vColor;

void main() {
    vec2 ndc = aPos / uViewSize * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    vColor = aColor;
}
