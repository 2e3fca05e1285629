from __future__ import annotations

from ..rules.concentration import Concentration


class _Placeholder(Concentration):  # placeholder until the real module lands
    id = "matches"


RULES = _Placeholder()
