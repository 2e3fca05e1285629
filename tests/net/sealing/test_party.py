"""A party works only in its turn, commits to its seed, and shares only positions that exist."""

from __future__ import annotations

import hashlib

import pytest

from game.net.sealing import Deal, Party, SealError, Transcript
from tests.net.sealing.support import CARDS, players, seal
from tests.net.support import seeded_entropy


def test_a_new_party_commits_to_its_fresh_seed():
    party = Party.new(2, seeded_entropy("seed"))
    assert party.index == 2 and len(party.seed) == 64
    assert party.commitment == hashlib.sha256(bytes.fromhex(party.seed)).hexdigest()
    assert Party.new(2, seeded_entropy("other")).seed != party.seed


def test_a_party_refuses_to_work_out_of_turn():
    deal = Deal(0, CARDS, 2)
    parties = players(2)
    transcript = Transcript(deal)
    with pytest.raises(SealError, match="not party 1's turn"):
        parties[1].step(transcript)
    seal(transcript, parties)
    with pytest.raises(SealError, match="not party 0's turn"):
        parties[0].step(transcript)


def test_a_party_shares_only_positions_of_the_deal():
    deal = Deal(0, CARDS, 2)
    with pytest.raises(SealError, match="no position 4"):
        players(2)[0].share(deal, 4)
