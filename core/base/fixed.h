// Fixed-point numbers for simulation state: 48.16 in an int64.
// Why not float: results must be bit-identical on every machine and exactly as precise at
// x = 10^6 px as at 0 (seed 004 lists float precision far from the origin as a known problem).
// Every value has an exact, finite decimal form (1/65536 = 0.0000152587890625).
#pragma once
#include <cstdint>
#include <string>

namespace ts {

struct Fix {
    static constexpr int kFracBits = 16;
    static constexpr int64_t kOne = int64_t(1) << kFracBits;

    int64_t raw = 0;

    static constexpr Fix fromRaw(int64_t r) { return Fix{r}; }
    static constexpr Fix fromInt(int64_t i) { return Fix{i * kOne}; }
    // num/den rounded toward negative infinity (exact when den is a power of two <= 2^16).
    static constexpr Fix ratio(int64_t num, int64_t den) {
        __int128 n = (__int128)num * kOne;
        int64_t q = (int64_t)(n / den);
        if ((n % den != 0) && ((n < 0) != (den < 0))) --q;
        return Fix{q};
    }
    // Only for loading parameters and UI; rounds to the nearest 1/65536. Not for sim state.
    static Fix fromDouble(double d);
    double toDouble() const { return double(raw) / double(kOne); }

    // Integer part, rounded toward negative infinity, and the remainder in [0, 1).
    constexpr int64_t floor() const { return raw >> kFracBits; }
    constexpr int64_t ceil() const { return -((-raw) >> kFracBits); }
    // Nearest integer, halves rounded up (as JavaScript's Math.round).
    constexpr int64_t round() const { return (raw + kOne / 2) >> kFracBits; }
    constexpr Fix frac() const { return Fix{raw & (kOne - 1)}; }

    constexpr Fix operator+(Fix o) const { return Fix{raw + o.raw}; }
    constexpr Fix operator-(Fix o) const { return Fix{raw - o.raw}; }
    constexpr Fix operator-() const { return Fix{-raw}; }
    constexpr Fix operator*(int64_t k) const { return Fix{raw * k}; }
    // Fixed * fixed, rounded toward negative infinity.
    constexpr Fix operator*(Fix o) const {
        return Fix{(int64_t)(((__int128)raw * o.raw) >> kFracBits)};
    }
    Fix& operator+=(Fix o) {
        raw += o.raw;
        return *this;
    }
    Fix& operator-=(Fix o) {
        raw -= o.raw;
        return *this;
    }
    constexpr bool operator==(Fix o) const { return raw == o.raw; }
    constexpr bool operator!=(Fix o) const { return raw != o.raw; }
    constexpr bool operator<(Fix o) const { return raw < o.raw; }
    constexpr bool operator<=(Fix o) const { return raw <= o.raw; }
    constexpr bool operator>(Fix o) const { return raw > o.raw; }
    constexpr bool operator>=(Fix o) const { return raw >= o.raw; }

    // Exact decimal text: "12", "-3.5", "0.0000152587890625". Traces write this: a reader
    // sees the very value the mover computed.
    std::string str() const;
    // The shortest decimal that reads back as this value (reading rounds to the nearest
    // 1/65536, halves away from zero, as core/base/json_number.h's toFix does): "0.3" for the
    // value a user typed as 0.3, whose exact text is 0.3000030517578125. Map files write this,
    // so that what a user typed is what the file says.
    std::string shortest() const;
};

constexpr Fix fixAbs(Fix a) {
    return a.raw < 0 ? Fix{-a.raw} : a;
}
constexpr Fix fixMin(Fix a, Fix b) {
    return a < b ? a : b;
}
constexpr Fix fixMax(Fix a, Fix b) {
    return a < b ? b : a;
}
constexpr Fix fixClamp(Fix v, Fix lo, Fix hi) {
    return v < lo ? lo : (hi < v ? hi : v);
}
// Moves v toward target by at most step (step >= 0).
constexpr Fix fixApproach(Fix v, Fix target, Fix step) {
    // Both candidates, then a select: which side v is on is data the branch predictor
    // cannot guess (every actor's speed, every frame), and each candidate is two ALU ops.
    const Fix up = fixMin(v + step, target), down = fixMax(v - step, target);
    return v < target ? up : down;
}
constexpr int fixSign(Fix a) {
    return a.raw > 0 ? 1 : (a.raw < 0 ? -1 : 0);
}

}  // namespace ts
