"""ECDSA and ECDH on NIST P-256 (secp256r1) with SHA-256, in pure Python: the host's identity key.

Why Python and not only WebCrypto: the room protocol (Host, Client) is synchronous pure Python that
must run, and be proven, on CPython and on Pyodide without a browser. WebCrypto's ``subtle`` API is
asynchronous and exists only in a browser or Node, and the ``cryptography`` package is not in
Pyodide. So the signatures and key agreements the protocol depends on are computed here, with
Python's big integers, in the exact formats WebCrypto uses (a public key is the 65-byte uncompressed
point ``04 || X || Y``; a signature is the 64-byte ``r || s``), so a key made here can be imported by
WebCrypto and a signature made here verifies there, and the other way round (tests check both
against the ``cryptography`` package on CPython, and the browser test checks WebCrypto).

What this code does not do: run in constant time. Python integers leak timing. The host signs once
per guest connection and a remote peer sees that through WebRTC and the event loop's jitter, which
makes a timing attack on the key impractical, but this is not a general-purpose library.
Nonces ``k`` are hedged: derived with HMAC-SHA-512 from the private key, the message and fresh
randomness, so neither a weak random source nor a repeated message can repeat a ``k``.

The sealed deck (``sealing/``) multiplies hundreds of points per deal, so the arithmetic is built for
speed in Python, where every big-integer operation costs about as much as the interpreter's work around
it: Jacobian coordinates (no inversion until the end), a width-5 NAF for a variable base (about one
addition per six bits), a table of the base point's multiples for ``k * G`` (additions only, no
doublings), mixed additions with affine table entries, and one inversion for a whole table (Montgomery's
trick). bench/README.md has the figures.
"""

from __future__ import annotations

import hashlib
import hmac

P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
A = P - 3
B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
G = (
    0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
    0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5,
)
PUBLIC_KEY_BYTES = 65
COMPRESSED_BYTES = 33
SIGNATURE_BYTES = 64

Point = tuple[int, int] | None  # affine coordinates; None is the point at infinity


def _double(x: int, y: int, z: int) -> tuple[int, int, int]:
    """Jacobian doubling for a = -3."""
    if y == 0 or z == 0:
        return 0, 1, 0
    zz = z * z % P
    m = 3 * (x - zz) * (x + zz) % P
    yy = y * y % P
    s = 4 * x * yy % P
    x3 = (m * m - 2 * s) % P
    return x3, (m * (s - x3) - 8 * yy * yy) % P, 2 * y * z % P


def _add(p1: tuple[int, int, int], p2: tuple[int, int, int]) -> tuple[int, int, int]:
    """Jacobian addition (handles equal points and infinity)."""
    x1, y1, z1 = p1
    x2, y2, z2 = p2
    if z1 == 0:
        return p2
    if z2 == 0:
        return p1
    z1z1, z2z2 = z1 * z1 % P, z2 * z2 % P
    u1, u2 = x1 * z2z2 % P, x2 * z1z1 % P
    s1, s2 = y1 * z2 * z2z2 % P, y2 * z1 * z1z1 % P
    if u1 == u2:
        return _double(x1, y1, z1) if s1 == s2 else (0, 1, 0)
    h, r = (u2 - u1) % P, (s2 - s1) % P
    hh = h * h % P
    hhh = h * hh % P
    v = u1 * hh % P
    x3 = (r * r - hhh - 2 * v) % P
    return x3, (r * (v - x3) - s1 * hhh) % P, h * z1 * z2 % P


def _add_affine(x1: int, y1: int, z1: int, x2: int, y2: int) -> tuple[int, int, int]:
    """Jacobian plus affine ("mixed" addition: the affine point's Z is 1, which saves four multiplications)."""
    if z1 == 0:
        return x2, y2, 1
    zz = z1 * z1 % P
    u2, s2 = x2 * zz % P, y2 * zz * z1 % P
    if u2 == x1:
        return _double(x1, y1, z1) if s2 == y1 else (0, 1, 0)
    h, r = u2 - x1, s2 - y1
    hh = h * h % P
    hhh = h * hh % P
    v = x1 * hh % P
    x3 = (r * r - hhh - 2 * v) % P
    return x3, (r * (v - x3) - y1 * hhh) % P, z1 * h % P


def _affine(point: tuple[int, int, int]) -> Point:
    x, y, z = point
    if z == 0:
        return None
    zinv = pow(z, -1, P)
    zinv2 = zinv * zinv % P
    return x * zinv2 % P, y * zinv2 * zinv % P


def _affine_all(points: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """Many finite Jacobian points in affine coordinates with one inversion (Montgomery's trick)."""
    prefix, running = [], 1
    for _, _, z in points:
        prefix.append(running)
        running = running * z % P
    inverse = pow(running, -1, P)  # the inverse of every Z's product
    result = []
    for (x, y, z), before in zip(reversed(points), reversed(prefix), strict=True):
        zinv = inverse * before % P  # 1/z: the product's inverse times every other Z
        inverse = inverse * z % P
        zinv2 = zinv * zinv % P
        result.append((x * zinv2 % P, y * zinv2 * zinv % P))
    result.reverse()
    return result


# Variable base: width-5 NAF digits (odd, |d| < 16, at least four zeros after each), so about one addition
# per six bits instead of one per two, from a table of the point's odd multiples P, 3P, ... 15P.
WINDOW = 5


def _naf(k: int) -> list[int]:
    """The width-WINDOW non-adjacent form of ``k`` > 0, least significant digit first."""
    digits, modulus, half = [], 1 << WINDOW, 1 << (WINDOW - 1)
    while k:
        digit = 0
        if k & 1:
            digit = k & (modulus - 1)
            if digit >= half:
                digit -= modulus
            k -= digit
        digits.append(digit)
        k >>= 1
    return digits


def _odd_multiples(point: tuple[int, int]) -> list[tuple[int, int]]:
    """``[P, 3P, 5P, ... (2**(WINDOW-1) - 1)P]`` in affine coordinates, for mixed additions."""
    twice = _double(point[0], point[1], 1)
    multiples = [(point[0], point[1], 1)]
    for _ in range((1 << (WINDOW - 2)) - 1):
        multiples.append(_add(multiples[-1], twice))
    return _affine_all(multiples)


def _multiply_variable(k: int, point: tuple[int, int]) -> tuple[int, int, int]:
    """``k * point`` in Jacobian coordinates, for 0 < k < N, by the width-5 NAF."""
    table = _odd_multiples(point)
    x, y, z = 0, 1, 0
    for digit in reversed(_naf(k)):
        if z:  # doubling inlined: it runs 256 times per multiplication
            zz = z * z % P
            m = 3 * (x - zz) * (x + zz) % P
            yy = y * y % P
            s = 4 * x * yy % P
            z = 2 * y * z % P
            x = (m * m - 2 * s) % P
            y = (m * (s - x) - 8 * yy * yy) % P
        if digit:
            px, py = table[abs(digit) >> 1]
            x, y, z = _add_affine(x, y, z, px, py if digit > 0 else P - py)
    return x, y, z


# The base point: for each of the 64 hexadecimal digits of k, the 15 multiples j * 16**i * G (i the digit's
# place), in affine coordinates. k * G is then the sum of one entry per non-zero digit: no doublings at all.
# Made on first use (960 points, a few milliseconds), so a page that never signs never pays for it.
BASE_DIGITS = 64
_base_table: list[list[tuple[int, int]]] = []


def _base_multiples() -> list[list[tuple[int, int]]]:
    if not _base_table:
        rows, start = [], (G[0], G[1], 1)
        for _ in range(BASE_DIGITS):
            row = [start]
            for _ in range(14):
                row.append(_add(row[-1], start))
            rows.append(row)
            start = _double(*_double(*_double(*_double(*start))))
        flat = _affine_all([point for row in rows for point in row])
        _base_table.extend(flat[i : i + 15] for i in range(0, len(flat), 15))
    return _base_table


def _multiply_base(k: int) -> tuple[int, int, int]:
    """``k * G`` in Jacobian coordinates, for 0 < k < N, from the table of the base point's multiples."""
    x, y, z = 0, 1, 0
    for row in _base_multiples():
        digit = k & 15
        if digit:
            px, py = row[digit - 1]
            x, y, z = _add_affine(x, y, z, px, py)
        k >>= 4
    return x, y, z


def multiply(k: int, point: Point) -> Point:
    """``k * point`` (not constant time, see the module's docstring); the base point ``G`` uses its own table."""
    k %= N
    if point is None or k == 0:
        return None
    return _affine(_multiply_base(k) if point == G else _multiply_variable(k, point))


def _combine(u1: int, u2: int, q: Point) -> Point:
    """``u1 * G + u2 * q``."""
    a, b = multiply(u1, G), multiply(u2, q)
    if a is None or b is None:
        return a or b
    return _affine(_add((a[0], a[1], 1), (b[0], b[1], 1)))


def on_curve(point: Point) -> bool:
    """True if ``point`` is a finite point of P-256 with coordinates in range."""
    if point is None:
        return False
    x, y = point
    return 0 <= x < P and 0 <= y < P and (y * y - x * x * x - A * x - B) % P == 0


def lift_x(x: int, odd: bool) -> Point:
    """The point with X coordinate ``x`` whose Y is odd (``odd``) or even; ``None`` if no point has that X."""
    if not 0 <= x < P:
        return None
    right = ((x * x + A) * x + B) % P
    y = pow(right, (P + 1) // 4, P)  # a square root, as P = 3 (mod 4), if ``right`` is a square
    if y * y % P != right:
        return None
    return x, P - y if (y & 1) != odd else y


def compress(point: Point) -> bytes:
    """The 33-byte compressed encoding (SEC 1): 02 or 03 for an even or odd Y, then X."""
    if point is None:
        raise ValueError("The point at infinity has no encoding.")
    return bytes([2 + (point[1] & 1)]) + point[0].to_bytes(32, "big")


def decompress(data: bytes) -> Point:
    """The point of a 33-byte compressed encoding; ``ValueError`` unless it is one of P-256."""
    if not isinstance(data, bytes) or len(data) != COMPRESSED_BYTES or data[0] not in (2, 3):
        raise ValueError("A compressed point must be 33 bytes: 02 or 03, then X.")
    point = lift_x(int.from_bytes(data[1:], "big"), data[0] == 3)
    if point is None:
        raise ValueError("That is not a point of P-256.")
    return point


def encode_point(point: Point) -> bytes:
    """The 65-byte uncompressed encoding (WebCrypto's ``raw`` public key format)."""
    if point is None:
        raise ValueError("The point at infinity has no encoding.")
    return b"\x04" + point[0].to_bytes(32, "big") + point[1].to_bytes(32, "big")


def decode_point(data: bytes) -> Point:
    """The point in a 65-byte uncompressed encoding; ``ValueError`` unless it lies on the curve.

    Checking the curve matters: ECDH with a point off the curve can leak the private key.
    """
    if not isinstance(data, bytes) or len(data) != PUBLIC_KEY_BYTES or data[0] != 4:
        raise ValueError("A public key must be 65 bytes: 04, then X and Y.")
    point = int.from_bytes(data[1:33], "big"), int.from_bytes(data[33:], "big")
    if not on_curve(point):
        raise ValueError("That public key is not a point of P-256.")
    return point


def private_key(entropy_bytes: bytes) -> int:
    """A private key from 48 or more random bytes (reduced into 1..N-1 with negligible bias)."""
    if len(entropy_bytes) < 48:
        raise ValueError("A private key needs at least 48 random bytes.")
    return int.from_bytes(entropy_bytes, "big") % (N - 1) + 1


def public_key(secret: int) -> bytes:
    """The encoded public key of private key ``secret``."""
    return encode_point(multiply(secret, G))


def _digest(message: bytes) -> int:
    return int.from_bytes(hashlib.sha256(message).digest(), "big")  # 256 bits: no truncation for P-256


def sign(secret: int, message: bytes, randomness: bytes) -> bytes:
    """The ECDSA-SHA256 signature ``r || s`` (64 bytes) of ``message``; ``randomness``: 32 fresh bytes."""
    e = _digest(message)
    counter = 0
    while True:
        seed = secret.to_bytes(32, "big") + randomness + e.to_bytes(32, "big") + counter.to_bytes(4, "big")
        k = int.from_bytes(hmac.new(b"face-down/ecdsa-k", seed, hashlib.sha512).digest(), "big") % (N - 1) + 1
        counter += 1
        r = multiply(k, G)[0] % N
        s = pow(k, -1, N) * (e + r * secret) % N
        if r and s:
            return r.to_bytes(32, "big") + s.to_bytes(32, "big")


def verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """True if ``signature`` (``r || s``) is ``public``'s ECDSA-SHA256 signature of ``message``; never raises."""
    try:
        q = decode_point(public)
    except ValueError:
        return False
    if not isinstance(signature, bytes) or len(signature) != SIGNATURE_BYTES:
        return False
    r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
    if not (0 < r < N and 0 < s < N):
        return False
    w = pow(s, -1, N)
    point = _combine(_digest(message) * w % N, r * w % N, q)
    return point is not None and point[0] % N == r


def shared_secret(secret: int, public: bytes) -> bytes:
    """ECDH: the X coordinate of ``secret * public`` (32 bytes, WebCrypto's ``deriveBits`` of 256 bits)."""
    point = multiply(secret, decode_point(public))
    if point is None:
        raise ValueError("That public key gives no shared secret.")
    return point[0].to_bytes(32, "big")
