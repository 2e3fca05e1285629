"""Faces become public points by a documented hash onto the curve, no two alike in a deal, and decode by lookup."""

from __future__ import annotations

import hashlib

import pytest

from game.net import p256
from game.net.sealing import Deal, SealError
from game.net.sealing.faces import MAX_POSITIONS, face_point
from tests.net.sealing.support import COINS

KNOWN = {
    ("AS", 0): "026266e443bfddb046a752bbca1ac1250092c9d153afbddd0be44a402fe911c697",
    ("AS", 1): "02bf78569606f3615b78be197b8ba045cbff2f305d1315aecd16c1cbf2c975125c",
    ("null", 0): "02708bd45c440dc5f380eb78e876e07600afe676a945bf713ee1a182aa4a195b29",
    ("suns", 0): "02e02a4b237d20d4337d0510ecd3d3256340d3082ff34dbfde1e6d9928595ddf1b",
    ("10H", 0): "026c5ff97ae70d0da2bf7fd25f245a9805f44f6518052b1d5389dd0e752f126e3d",
}


@pytest.mark.parametrize(("face", "copy"), sorted(KNOWN))
def test_the_known_answers(face, copy):
    """Fixed vectors: the encoding is the same on every interpreter, and any change to it shows here."""
    assert p256.compress(face_point(face, copy)).hex() == KNOWN[(face, copy)]


def test_a_face_is_the_first_attempt_that_hashes_onto_the_curve():
    """The documented try-and-increment, recomputed: SHA-256 of the domain, the face and its copy, then an attempt."""
    prefix = b"face-down/sealed-face/1" + (2).to_bytes(2, "big") + b"AS" + (1).to_bytes(4, "big")
    attempts = (int.from_bytes(hashlib.sha256(prefix + n.to_bytes(4, "big")).digest(), "big") for n in range(64))
    x = next(x for x in attempts if p256.lift_x(x, odd=False) is not None)
    assert face_point("AS", 1) == p256.lift_x(x, odd=False)
    assert p256.on_curve(face_point("AS", 1)) and face_point("AS", 1)[1] % 2 == 0


def test_no_two_points_of_a_deal_are_equal_even_for_equal_faces():
    """Coins share value and suit faces: each appearance is a point of its own, or a lock pass would show which
    hidden coins are alike."""
    deal = Deal(0, COINS, 2)
    assert len(set(deal.points)) == deal.positions == 6
    assert deal.points[0] == face_point("null") and deal.points[4] == face_point("null", 1)


def test_every_point_decodes_to_its_face_at_its_part():
    deal = Deal(0, COINS, 2)
    for position, point in enumerate(deal.points):
        assert deal.face(position, point) == COINS[position // 2][position % 2]
        assert deal.face(position + 2, point) == COINS[position // 2][position % 2]  # any unit, same part


def test_a_point_of_another_part_or_none_of_the_deal_does_not_decode():
    deal = Deal(0, COINS, 2)
    with pytest.raises(SealError, match="opened to no face"):
        deal.face(1, deal.points[0])  # a value face where a suit face belongs
    with pytest.raises(SealError, match="opened to no face"):
        deal.face(0, p256.G)


@pytest.mark.parametrize(
    ("number", "units", "parties", "error"),
    [
        (-1, (("AS",),), 2, "number"),
        (0, (("AS",),), 0, "parties"),
        (0, (("AS",),), 65, "parties"),
        (0, (), 2, "non-empty"),
        (0, ((),), 2, "one face or more"),
        (0, (("AS",), ("KD", "QD")), 2, "same number"),
        (0, (("",),), 2, "a text of 1 to 64 bytes"),
        (0, ((7,),), 2, "a text"),
        (0, (("x" * 65,),), 2, "a text"),
        (0, "AS", 2, "a list of units"),
        (0, (("AS",),) * (MAX_POSITIONS + 1), 2, "at most"),
    ],
)
def test_a_malformed_deal_is_refused(number, units, parties, error):
    with pytest.raises(SealError, match=error):
        Deal(number, units, parties)


def test_a_deal_given_lists_keeps_tuples():
    assert Deal(0, [["AS"], ["KD"]], 2) == Deal(0, (("AS",), ("KD",)), 2)
