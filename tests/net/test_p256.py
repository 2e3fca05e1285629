"""The faster P-256 arithmetic (NAF for any point, a table for the base point, compressed points) gives the same
points as a plain double-and-add, and as OpenSSL (the ``cryptography`` package) on CPython."""

from __future__ import annotations

import sys

import pytest

from game.net import p256
from tests.net.support import seeded_entropy

EDGES = [1, 2, 3, 15, 16, 17, 31, 32, 33, 2**128, 2**255, p256.N - 17, p256.N - 2, p256.N - 1]
RANDOM = [p256.private_key(seeded_entropy(f"scalar/{i}")(48)) for i in range(12)]


def plain_multiply(k: int, point: tuple[int, int]) -> tuple[int, int] | None:
    """Affine double-and-add straight from the textbook formulas: slow, and independent of the module's code."""

    def add(a, b):
        if a is None or b is None:
            return a or b
        if a[0] == b[0] and (a[1] + b[1]) % p256.P == 0:
            return None
        if a == b:
            slope = (3 * a[0] * a[0] + p256.A) * pow(2 * a[1], -1, p256.P)
        else:
            slope = (b[1] - a[1]) * pow(b[0] - a[0], -1, p256.P)
        x = (slope * slope - a[0] - b[0]) % p256.P
        return x, (slope * (a[0] - x) - a[1]) % p256.P

    result = None
    for bit in bin(k % p256.N)[2:]:
        result = add(result, result)
        if bit == "1":
            result = add(result, point)
    return result


@pytest.mark.parametrize("k", EDGES + RANDOM[:4])
def test_multiplication_agrees_with_the_textbook(k):
    other = plain_multiply(0xC0FFEE, p256.G)
    assert p256.multiply(k, p256.G) == plain_multiply(k, p256.G)  # the base point's table
    assert p256.multiply(k, other) == plain_multiply(k, other)  # the NAF of any other point


def test_multiples_of_the_order_give_infinity_and_scalars_are_taken_mod_n():
    point = p256.multiply(5, p256.G)
    for base in (p256.G, point):
        assert p256.multiply(0, base) is None and p256.multiply(p256.N, base) is None
        assert p256.multiply(p256.N + 7, base) == p256.multiply(7, base)
        assert p256.multiply(-1, base) == (base[0], p256.P - base[1])
    assert p256.multiply(3, None) is None


@pytest.mark.skipif(sys.platform == "emscripten", reason="the cryptography package is not in Pyodide")
def test_multiplication_agrees_with_openssl():
    """k * G is OpenSSL's public key of k; k * (j * G) is its public key of k * j mod N, for the NAF path."""
    from cryptography.hazmat.primitives.asymmetric import ec

    def openssl(secret: int) -> tuple[int, int]:
        numbers = ec.derive_private_key(secret % p256.N, ec.SECP256R1()).public_key().public_numbers()
        return numbers.x, numbers.y

    j = RANDOM[0]
    point = p256.multiply(j, p256.G)
    for k in EDGES + RANDOM:
        assert p256.multiply(k, p256.G) == openssl(k), k
        assert p256.multiply(k, point) == openssl(k * j), k


@pytest.mark.skipif(sys.platform == "emscripten", reason="the cryptography package is not in Pyodide")
def test_compressed_points_are_openssls():
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    for k in EDGES + RANDOM:
        public = ec.derive_private_key(k, ec.SECP256R1()).public_key()
        theirs = public.public_bytes(Encoding.X962, PublicFormat.CompressedPoint)
        point = p256.multiply(k, p256.G)
        assert p256.compress(point) == theirs
        assert p256.decompress(theirs) == point


def test_a_compressed_point_comes_back_with_its_y():
    for k in EDGES + RANDOM:
        point = p256.multiply(k, p256.G)
        data = p256.compress(point)
        assert data[0] == 2 + point[1] % 2 and p256.decompress(data) == point


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\x02" + bytes(31),
        b"\x04" + bytes(32),
        b"\x02" + p256.P.to_bytes(32, "big"),
        b"\x02" + (2**256 - 1).to_bytes(32, "big"),
        "02" * 33,
        None,
    ],
)
def test_a_malformed_compressed_point_is_refused(data):
    with pytest.raises(ValueError):
        p256.decompress(data)


def test_an_x_with_no_point_is_refused():
    x = next(x for x in range(1, 100) if p256.lift_x(x, odd=False) is None)
    assert p256.lift_x(x, odd=True) is None
    with pytest.raises(ValueError, match="not a point"):
        p256.decompress(b"\x03" + x.to_bytes(32, "big"))
    with pytest.raises(ValueError):
        p256.compress(None)
