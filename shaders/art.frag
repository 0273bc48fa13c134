#version 330 core
// Premultiplied output (blended ONE, ONE_MINUS_SRC_ALPHA), as Qt composes Tiled's layers:
// the tint multiplies the colour, the layer's opacity the whole pixel. uPremultiplied: the
// texture is already premultiplied (a cached picture of layers), drawn as it is.
in vec2 vUv;
uniform sampler2D uTex;
uniform vec4 uTint;
uniform float uOpacity;
uniform float uBrightness;
uniform bool uPremultiplied;
out vec4 fragColor;

void main() {
    vec4 t = texture(uTex, vUv);
    if (uPremultiplied) {
        fragColor = t;
        return;
    }
    float a = t.a * uOpacity;
    fragColor = vec4(t.rgb * uTint.rgb * uBrightness * a, a);
}
