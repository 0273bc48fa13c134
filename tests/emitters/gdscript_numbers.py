"""The reference for tests/emitters/gdscript_numbers.gd: doubles of every range (plain, tiny,
huge, subnormal, powers of two and ten, random bit patterns) as their IEEE bits (a signed 64-bit
integer: the GDScript test builds the double from them exactly, no parser in between) and the
text the GDScript emitter must write, from Python's repr (the shortest digits that read back,
the nearest of them), written in the emitter's form: plain below 1e16 with at most 16
decimals ("40.2", "0.0000001", "144"), else m.mmme-K / m.mmme+K.
usage: python3 tests/emitters/gdscript_numbers.py OUT.txt"""
import decimal
import math
import random
import struct
import sys


def emitter_text(x):
    if x == 0:
        return "-0" if math.copysign(1, x) < 0 else "0"
    _, shown, exp = decimal.Decimal(repr(abs(x))).as_tuple()  # repr: "144.0", "1e-07", ...
    shown = "".join(map(str, shown))
    digits = shown.rstrip("0")
    point = len(shown) + exp  # abs(x) == 0.DIGITS * 10^point
    minus = "-" if x < 0 else ""
    if point <= 16 and len(digits) - point <= 16:
        if point <= 0:
            return minus + "0." + "0" * -point + digits
        if point >= len(digits):
            return minus + digits + "0" * (point - len(digits))
        return minus + digits[:point] + "." + digits[point:]
    e = point - 1
    mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return minus + mantissa + ("e+" if e >= 0 else "e-") + str(abs(e))


def bits(x):
    return struct.unpack("<q", struct.pack("<d", x))[0]


def cases():
    yield from [40.2, 0.1, 1e-7, 0.30000000000000004, 1 / 3, 100 / 3, -1.5, 144.0, 1e15,
                9007199254740992.0, 1e16, 1e22, 1e23, 2.0 ** 60, 1.7976931348623157e308,
                1e-22, 1e-23, 2.2250738585072014e-308, 2.225073858507201e-308, 5e-324,
                -5e-324, 1e-323, 4.9406564584124654e-310, 1.2345e-300, 9.999999999999999e22,
                123456789012345680000.0, 0.0001, 1e-5, 0.000123456789]
    for k in range(-1074, 1024, 37):
        yield 2.0 ** k
    for k in range(-323, 309, 11):
        yield float("1e%d" % k)
    rng = random.Random(20261129)
    for _ in range(120):  # any finite double: random bit patterns, every exponent
        x = struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
        if math.isfinite(x):
            yield x
    for _ in range(20):  # subnormals
        yield struct.unpack("<d", struct.pack("<Q", rng.getrandbits(52)))[0]


with open(sys.argv[1], "w") as out:
    for x in cases():
        out.write("%d %s\n" % (bits(x), emitter_text(x)))
