"""A count is written in its language's plural form (static/js/lang/i18n.js plural(), CLDR's
categories by Intl.PluralRules), where the player reads it: the autoplay's rounds left.

Expected values are written here by hand from each language's grammar, not read from the tables:
Russian "раунд" after 1 and 21, "раунда" after 2-4 and 22-24, "раундов" after 5-20 and 25
(the issue's "Осталось 3 раунда", "Осталось 5 раундов"); Polish "runda" after 1, "rundy" after
2-4 and 22-24, "rund" after 5-21 and 25; Arabic the dual "جولتان" for 2, the plural "جولات"
after 3-10, the singular "جولة" after 11-99, and "جولة واحدة" (one round) for 1. The spin button's label is
"Stop autoplay (…)" with the rounds left (hud.js), read on every change during a seeded autoplay
of 25 rounds at ?speed=fast: it shows the rounds not yet started, 24 down to 0.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from autoplay_support import BIG
from e2e_harness import Game, Site

# the rounds asked, and the words the label must show for some of the counts it passes (the
# count, then its noun in that count's form; no other digit before it, no letter after it)
EXPECTED = {
    "ru": (25, ["22 раунда", "21 раунд", "12 раундов", "5 раундов", "3 раунда", "2 раунда", "1 раунд"]),
    "pl": (25, ["22 rundy", "21 rund", "12 rund", "5 rund", "3 rundy", "1 runda"]),
    "ar": (25, ["22 جولة", "11 جولة", "10 جولات", "3 جولات", "جولتان", "جولة واحدة"]),
}

LABELS_DURING_AUTOPLAY = """async (rounds) => {
    const spin = document.getElementById("spin");
    const labels = new Set();
    const watch = new MutationObserver(() => labels.add(spin.getAttribute("aria-label")));
    watch.observe(spin, { attributes: true, attributeFilter: ["aria-label"] });
    const result = await game.autoplay({ rounds, lossLimit: %d });
    watch.disconnect();
    return { result, labels: [...labels] };
}""" % BIG


@pytest.mark.parametrize("lang", EXPECTED)
def test_the_rounds_left_of_autoplay_are_in_the_languages_plural_forms(open_game: Callable[..., Game], site: Site,
                                                                       lang: str) -> None:
    rounds, expected = EXPECTED[lang]
    page = open_game(site.root + f"?lang={lang}&seed=4&speed=fast").page
    seen = page.evaluate(LABELS_DURING_AUTOPLAY, rounds)
    assert seen["result"] == {"played": rounds, "reason": "rounds"}
    assert len(seen["labels"]) > rounds // 2  # the premise: the label was read as it counted down
    missing = [words for words in expected
               if not any(re.search(rf"(?<!\d){re.escape(words)}(?!\w)", label or "") for label in seen["labels"])]
    assert missing == [], seen["labels"]
