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


def _affine(point: tuple[int, int, int]) -> Point:
    x, y, z = point
    if z == 0:
        return None
    zinv = pow(z, -1, P)
    zinv2 = zinv * zinv % P
    return x * zinv2 % P, y * zinv2 * zinv % P


def multiply(k: int, point: Point) -> Point:
    """``k * point`` (double-and-add; not constant time, see the module's docstring)."""
    if point is None or k % N == 0:
        return None
    result, addend = (0, 1, 0), (point[0], point[1], 1)
    for bit in bin(k % N)[2:]:
        result = _double(*result)
        if bit == "1":
            result = _add(result, addend)
    return _affine(result)


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
