#version 330 core
// Coverage texel: 1 inside some rectangle, 2 on some rectangle's outline (outline wins).
uniform sampler2D uCoverage;
uniform vec4 uFill;
uniform vec4 uLine;
in vec2 vUV;
out vec4 fragColor;

void main() {
    int c = int(texture(uCoverage, vUV).r * 255.0 + 0.5);
    if ((c & 2) != 0)
        fragColor = uLine;
    else if ((c & 1) != 0)
        fragColor = uFill;
    else
        discard;
}
