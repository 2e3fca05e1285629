"""A party's secrets come from its seed exactly as derive.py documents, alike on CPython and in Pyodide."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from game.net import p256
from game.net.sealing import DealKeys, SealError
from game.net.sealing.derive import SALT, Stream, shuffled

SEED = bytes(range(32)).hex()


def test_the_known_answers():
    """Fixed vectors: any change to the derivation (or a difference between interpreters) shows here."""
    keys = DealKeys.derive(SEED, 3, 6, 2)
    assert keys.lock == 0x21DE0582DE2A7C19D9539B939D1FF9EC8E44D03166BC6D49B1B98E5B4D1AE8F9
    assert keys.order == (0, 2, 5, 1, 4, 3)
    assert keys.position_keys[:2] == (
        0x7400DAFD283F4B0FBDFC10C29F0EBDF807909FCBF1B91FCD8D23DC3C313C1F2F,
        0x971CC00E2A467077E25C10B9D5D1F681A3EFF96A05F456FB1E272C07986A4922,
    )
    assert len(keys.position_keys) == 12


def test_the_stream_is_hmac_sha512_in_counter_mode_keyed_by_hkdf_extract():
    """Step 3 of the documented derivation, recomputed here from its description."""
    key = hmac.new(SALT, bytes.fromhex(SEED), hashlib.sha512).digest()
    blocks = [
        hmac.new(key, i.to_bytes(4, "big") + b"lock\x00" + (7).to_bytes(4, "big"), "sha512").digest() for i in (0, 1)
    ]
    stream = Stream(SEED, b"lock", 7)
    assert stream.read(10) + stream.read(100) == b"".join(blocks)[:110]


def test_a_scalar_is_the_first_32_bytes_in_range():
    raw = Stream(SEED, b"positions", 0).read(32)
    assert Stream(SEED, b"positions", 0).scalar() == int.from_bytes(raw, "big")  # in range: taken as it is
    assert 0 < int.from_bytes(raw, "big") < p256.N


def test_numbers_below_a_bound_reject_the_uneven_tail():
    """A bound just over 2**31 rejects about half the draws: each taken number is the next 4 bytes that fall below
    the largest multiple of the bound, reduced."""
    bound = 2**31 + 1
    limit = 2**32 - 2**32 % bound
    drawn, raw = Stream(SEED, b"order", 1), Stream(SEED, b"order", 1)
    rejected = 0
    for _ in range(50):
        number = int.from_bytes(raw.read(4), "big")
        while number >= limit:
            rejected += 1
            number = int.from_bytes(raw.read(4), "big")
        assert drawn.below(bound) == number % bound
    assert rejected > 5


def test_a_shuffle_is_a_permutation_that_depends_on_the_seed_and_the_deal():
    orders = {shuffled(Stream(seed, b"order", deal), 52) for seed in (SEED, "ab" * 32) for deal in (0, 1)}
    assert len(orders) == 4
    assert all(sorted(order) == list(range(52)) for order in orders)


def test_each_purpose_and_deal_has_its_own_keys():
    first, second, other = (
        DealKeys.derive(SEED, 0, 4, 1),
        DealKeys.derive(SEED, 1, 4, 1),
        DealKeys.derive("ab" * 32, 0, 4, 1),
    )
    numbers = [first.lock, second.lock, other.lock, *first.position_keys, *second.position_keys, *other.position_keys]
    assert len(set(numbers)) == len(numbers)


def test_a_position_key_does_not_depend_on_the_size_of_the_deck():
    assert DealKeys.derive(SEED, 0, 4, 1).position_keys == DealKeys.derive(SEED, 0, 9, 1).position_keys[:4]


@pytest.mark.parametrize("seed", ["AB" * 32, "ab" * 31, "zz" * 32, None, 7])
def test_a_malformed_seed_is_refused(seed):
    with pytest.raises(SealError, match="64 hex digits"):
        DealKeys.derive(seed, 0, 4, 1)
