"""Opening sealed cards: to all, or privately to one party; and every share a cheating peer could send."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.net import p256
from game.net.sealing import Cheat, Deal, Opening, SealError, Share, Transcript
from game.net.sealing.audit import true_order
from game.net.sealing.shares import open_point, private_mask
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
        own = parties[looker].share(deal, position).key
        private = Opening(transcript, position, looker=looker)
        for party in parties:
            if party.index != looker:
                share = Share.from_json(party.share_for(transcript, position, looker).to_json())
                private.add(replace(share, looker=looker), own)
        assert private.face(own) == faces[position]


def test_without_the_lookers_key_a_private_look_opens_to_nothing():
    """The others' shares together leave the looker's layer on: the point is no face of the deal."""
    deal, parties, transcript = sealed_deal(CARDS, 3)
    others = [parties[0].share(deal, 2).key, parties[2].share(deal, 2).key]
    half_open = open_point(transcript.sealed[2], others)
    with pytest.raises(SealError, match="no face"):
        deal.face(2, half_open)
    private = Opening(transcript, 2, looker=1)
    for party in (0, 2):
        private.add(parties[party].share_for(transcript, 2, 1))
    assert private.awaited == [] and private.keys == {}, "another peer notes the masked shares, and reads none"
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
    earlier.add(parties[1].share_for(transcript, 3, 0), parties[0].share(deal, 3).key)
    share = parties[1].share(deal, 3)
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
    for share in (parties[0].share_for(transcript, 2, 0), parties[0].share(deal, 2)):
        with pytest.raises(SealError, match=r"not asked|another look"):
            private.add(share)
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


def test_a_private_share_is_masked_so_that_two_looks_at_one_card_open_it_to_nobody_else():
    """Parties 0 and 1 each look at card 2 alone: every share of both looks is sent, and party 2, holding all of them
    and its own key, still cannot open the card; each looker can, and each share unmasks only with its looker's key."""
    deal, parties, transcript = sealed_deal(CARDS, 3)
    face = true_faces(deal, parties)[2]
    own = [party.share(deal, 2).key for party in parties]
    sent = {
        looker: [party.share_for(transcript, 2, looker) for party in parties if party.index != looker]
        for looker in (0, 1)
    }
    for looker, shares in sent.items():
        assert all(share.key != own[share.party] for share in shares), "no key travels in the clear"
        opening = Opening(transcript, 2, looker=looker)
        for share in shares:
            opening.add(share, own[looker])
        assert opening.face(own[looker]) == face
    everything = [share.key for shares in sent.values() for share in shares]
    for keys in ([*everything, own[2]], [sent[0][0].key, sent[1][0].key, own[2]]):
        with pytest.raises(SealError, match="no face"):
            deal.face(2, open_point(transcript.sealed[2], keys))
    share = sent[0][0]
    unmasked = share.key ^ private_mask(own[0], transcript.public_key(share.party, 2), 0, 2)
    assert unmasked == own[share.party]
    assert share.key ^ private_mask(own[2], transcript.public_key(share.party, 2), 0, 2) != own[share.party]


def test_a_false_masked_share_names_its_party_to_the_looker_and_only_is_noted_by_the_others():
    deal, parties, transcript = sealed_deal(CARDS, 3)
    honest = parties[1].share_for(transcript, 0, 0)
    false = replace(honest, key=honest.key ^ 1)
    looker = Opening(transcript, 0, looker=0)
    with pytest.raises(Cheat) as cheat:
        looker.add(false, parties[0].share(deal, 0).key)
    assert cheat.value.party == 1 and looker.awaited == [1, 2]
    other = Opening(transcript, 0, looker=0)
    other.add(false)
    assert other.awaited == [2], "another peer cannot tell: the end check will"
