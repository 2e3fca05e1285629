"""Opening sealed cards: to all, or privately to one party; and every share a cheating peer could send."""

from __future__ import annotations

import pytest

from game.net import p256
from game.net.sealing import Cheat, Deal, Opening, SealError, Share, Transcript
from game.net.sealing.audit import true_order
from game.net.sealing.shares import open_point
from tests.net.sealing.support import CARDS, COINS, sealed_deal


def true_faces(deal, parties) -> list[str]:
    """The face at each position, from the parties' shuffles."""
    order = true_order([party.keys(deal) for party in parties])
    return [deal.units[order[position // deal.width]][position % deal.width] for position in range(deal.positions)]


@pytest.mark.parametrize("units", [CARDS, COINS], ids=["cards", "coins"])
@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_every_position_opens_to_its_true_face_for_all_and_for_a_private_look(units, count):
    deal, parties, transcript = sealed_deal(units, count)
    faces = true_faces(deal, parties)
    assert sorted(faces) == sorted(face for unit in units for face in unit)
    for position in range(deal.positions):
        public = Opening(transcript, position)
        for party in parties:
            assert public.awaited[0] == party.index
            public.add(Share.from_json(party.share(deal, position).to_json()))
        assert public.awaited == [] and public.face() == faces[position]
        looker = position % count
        private = Opening(transcript, position, looker=looker)
        for party in parties:
            if party.index != looker:
                private.add(party.share(deal, position))
        assert private.face(parties[looker].share(deal, position).key) == faces[position]


def test_without_the_lookers_key_a_private_look_opens_to_nothing():
    """The others' shares together leave the looker's layer on: the point is no face of the deal."""
    deal, parties, transcript = sealed_deal(CARDS, 3)
    others = [parties[0].share(deal, 2).key, parties[2].share(deal, 2).key]
    half_open = open_point(transcript.sealed[2], others)
    with pytest.raises(SealError, match="no face"):
        deal.face(2, half_open)
    private = Opening(transcript, 2, looker=1)
    for key, party in zip(others, (0, 2), strict=True):
        private.add(Share(0, 2, party, key))
    with pytest.raises(SealError, match="must"):
        private.face()


def test_a_wrong_share_names_its_party_at_once_and_changes_nothing():
    deal, parties, transcript = sealed_deal(CARDS, 3)
    opening = Opening(transcript, 1)
    opening.add(parties[0].share(deal, 1))
    true = parties[1].share(deal, 1)
    for key in (true.key + 1, p256.N - true.key, 0, p256.N, p256.N + true.key):
        with pytest.raises(Cheat) as cheat:
            opening.add(Share(0, 1, 1, key))
        assert cheat.value.party == 1 and "false share" in str(cheat.value)
        assert opening.awaited == [1, 2]
    opening.add(true)
    assert opening.awaited == [2]


def test_another_positions_key_sent_for_this_one_names_its_party():
    deal, parties, transcript = sealed_deal(CARDS, 2)
    opening = Opening(transcript, 0)
    with pytest.raises(Cheat) as cheat:
        opening.add(Share(0, 0, 1, parties[1].share(deal, 3).key))
    assert cheat.value.party == 1 and opening.awaited == [0, 1]


def test_a_share_for_a_card_not_being_opened_is_refused_and_accuses_nobody():
    deal, parties, transcript = sealed_deal(CARDS, 2)
    opening = Opening(transcript, 0)
    for share in (parties[1].share(deal, 3), Share(1, 0, 1, parties[1].share(deal, 0).key)):
        with pytest.raises(SealError, match="not being opened") as refused:
            opening.add(share)
        assert not isinstance(refused.value, Cheat)
    assert opening.awaited == [0, 1]


def test_a_replayed_share_is_refused_and_accuses_nobody():
    """The same share again (a relay or a peer replaying it), or one from an earlier opening of this card."""
    deal, parties, transcript = sealed_deal(CARDS, 2)
    earlier = Opening(transcript, 3, looker=0)
    share = parties[1].share(deal, 3)
    earlier.add(share)
    opening = Opening(transcript, 3)
    opening.add(share)  # the card opened to all later: the same key is the true share again
    with pytest.raises(SealError, match="has come already") as refused:
        opening.add(share)
    assert not isinstance(refused.value, Cheat) and opening.awaited == [0]
    opening.add(parties[0].share(deal, 3))
    assert opening.face() == true_faces(deal, parties)[3]


def test_the_looker_is_not_asked_for_its_own_share():
    """Sending it would open the private look to everyone: refused."""
    deal, parties, transcript = sealed_deal(CARDS, 2)
    private = Opening(transcript, 2, looker=0)
    with pytest.raises(SealError, match="not asked"):
        private.add(parties[0].share(deal, 2))
    assert private.awaited == [1]


def test_a_share_from_a_party_not_in_the_game_is_refused():
    _, _, transcript = sealed_deal(CARDS, 2)
    with pytest.raises(SealError, match="not asked"):
        Opening(transcript, 2).add(Share(0, 2, 5, 1))


def test_a_card_opens_only_when_every_share_has_come():
    deal, parties, transcript = sealed_deal(CARDS, 3)
    opening = Opening(transcript, 0)
    opening.add(parties[2].share(deal, 0))
    with pytest.raises(SealError, match=r"waiting for the shares of parties \[0, 1\]"):
        opening.face()


def test_an_opening_needs_a_sealed_deal_a_position_and_a_party_that_exist():
    _, _, transcript = sealed_deal(CARDS, 2)
    for position, looker in ((len(CARDS), None), (-1, None), (0, 2)):
        with pytest.raises(SealError, match="has no"):
            Opening(transcript, position, looker)
    unsealed = Transcript(Deal(1, CARDS, 2))
    with pytest.raises(SealError, match="not sealed"):
        Opening(unsealed, 0)


@pytest.mark.parametrize(
    "damage",
    [
        None,
        {"deal": 0, "position": 0, "party": 0},
        {"deal": 0, "position": 0, "party": 0, "key": "AB" * 32},
        {"deal": 0, "position": 0, "party": 0, "key": "ab" * 31},
        {"deal": 0, "position": -1, "party": 0, "key": "ab" * 32},
        {"deal": 0, "position": 0, "party": 64, "key": "ab" * 32},
        {"deal": "0", "position": 0, "party": 0, "key": "ab" * 32},
        {"deal": 0, "position": 0, "party": 0, "key": "ab" * 32, "seat": 1},
    ],
)
def test_a_malformed_share_is_refused(damage):
    with pytest.raises(SealError):
        Share.from_json(damage)


def test_a_share_travels_as_json_and_comes_back_the_same():
    share = Share(2, 17, 3, p256.N - 1)
    assert Share.from_json(share.to_json()) == share
