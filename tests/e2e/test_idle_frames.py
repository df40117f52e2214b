"""What a game left open costs the device: the frames the reels' canvas draws (docs/speed.md
"At rest").

The rule, from docs/frontend.md and renderer.js's REST_FRAME_MS (30 ms): a round's frames are
all drawn (a reel turning, a win or any effect on the reels, and the frame after), but at
?speed=fast, the tests' speed, where they too are drawn at least 30 ms apart (but a frame with a
change to show, and the frame after); at rest the
scenery alone moves, and a frame is drawn only when at least 30 ms have passed since the last
drawn (every second frame of a 60 Hz display); with nothing moving at all (reduced motion) a
frame at rest is drawn only when something changed.

What is read: every animation frame's timestamp (a requestAnimationFrame loop of the test's own,
which gets the same timestamp as the page's frame loop in the same frame) and the timestamps the
renderer drew at (its `_draw(now)`, through ?debug=1's `debugGame.renderer`). The expected drawn
frames are worked out here from the frames' timestamps by the rule, not read from the page.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import count

from e2e_harness import Game, Site, Watch, boot
from playwright.sync_api import BrowserContext

from engine import load_model, play_round

MODEL = load_model()
REST_FRAME_MS = 30  # docs/frontend.md: at rest, drawn frames at least 30 ms apart

# Records, from now on, every frame's timestamp, those at which a reel turned (reels.js
# `spinning`) and every timestamp the renderer drew at.
RECORD = """() => {
    const r = window.debugGame.renderer;
    const rec = window.__frames = { frames: [], turning: [], drawn: [], last: r.state.last };
    const draw = r._draw.bind(r);
    r._draw = (now) => { rec.drawn.push(now); draw(now); };
    const loop = (now) => {
        rec.frames.push(now);
        if (r.reels.reels.some((reel) => reel.spinning)) rec.turning.push(now);
        requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
}"""
FRAMES = "() => window.__frames"
# Waits for `n` more frames.
FRAMES_PASS = """(n) => new Promise((done) => {
    const step = () => (n-- > 0 ? requestAnimationFrame(step) : done());
    step();
})"""


def first_round(seed: int) -> tuple[bool, int]:
    """(a plain round: no feature), its win, of Random(seed)'s first round at the default bet."""
    rnd = play_round(MODEL, MODEL.default_bet, random.Random(seed))
    return rnd.special is None and len(rnd.to_dict()["spins"]) == 1, rnd.total_win


# A first round that wins nothing and plays no feature: after it nothing of it stays on the reels.
LOSING_SEED = next(s for s in count(1) if first_round(s) == (True, 0))


def expected_at_rest(frames: list[float], last: float) -> list[float]:
    """The frames the rule draws at rest, the scenery moving: each at least REST_FRAME_MS after
    the last drawn (`last`: the renderer's last frame before the recording)."""
    drawn = []
    for t in frames:
        if t - last >= REST_FRAME_MS:
            drawn.append(t)
            last = t
    return drawn


def test_at_rest_the_scenery_is_drawn_every_second_frame(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?debug=1").page  # at the game's own speed, the snow falling
    page.evaluate(RECORD)
    page.evaluate(FRAMES_PASS, 90)
    rec = page.evaluate(FRAMES)
    frames, drawn = rec["frames"], rec["drawn"]
    # the renderer's frames are among the test's (one timestamp a frame), as the rule picks them
    assert set(drawn) <= set(frames), (drawn, frames)
    assert drawn == expected_at_rest([t for t in frames if t > rec["last"]], rec["last"])
    # the premise: the display gave frames closer than 30 ms, so that some were left undrawn
    gaps = [b - a for a, b in zip(frames, frames[1:])]
    assert sum(g < REST_FRAME_MS for g in gaps) > len(gaps) / 2, gaps
    assert len(drawn) < 0.75 * len(frames), (len(drawn), len(frames))


def test_every_frame_of_a_round_is_drawn(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + f"?debug=1&seed={LOSING_SEED}").page
    page.evaluate(RECORD)
    page.evaluate("game.spin()")  # resolves once the round is over and the page ready again
    rec = page.evaluate(FRAMES)
    # every frame at which a reel turned was drawn
    assert len(rec["turning"]) > 20, rec["turning"]  # the premise: a round of many frames at the game's speed
    assert [t for t in rec["turning"] if t not in set(rec["drawn"])] == []
    assert set(rec["turning"]) <= set(rec["frames"])


# As RECORD, with whether each drawn frame had a change to show (the renderer's `dirty`, read as it
# draws) and, at every frame, whether the renderer found the round moving (its `moving`, which its
# frame rule has just worked out: a reel turning, a win or an effect on the reels).
RECORD_DIRTY = RECORD.replace("rec.drawn.push(now);", "rec.drawn.push(now); rec.dirty.push(r.state.dirty);").replace(
    "drawn: [],", "drawn: [], dirty: [], moving: [],").replace(
    "rec.frames.push(now);", "rec.frames.push(now); rec.moving.push(r.state.moving);")


def test_at_the_tests_speed_a_rounds_frames_are_drawn_30_ms_apart(open_game: Callable[..., Game], site: Site) -> None:
    """At ?speed=fast (the tests' speed: docs/frontend.md, app.js thinRounds) a round's frames
    are drawn at most every 30 ms, as at rest, but a frame with a change to show (an effect
    begun) and the first frame after the round stopped moving; the reels move on in the frames
    left undrawn. The drawn frames are worked out here from the frames' timestamps by that rule."""
    page = open_game(site.root + f"?debug=1&seed={LOSING_SEED}&speed=fast").page
    page.evaluate(RECORD_DIRTY)
    page.evaluate("game.spin()")
    page.evaluate(FRAMES_PASS, 3)
    rec = page.evaluate(FRAMES)
    dirty = dict(zip(rec["drawn"], rec["dirty"]))
    assert len(rec["turning"]) >= 3, rec["turning"]  # the premise: the reels turned over several frames
    last, was, skipped = rec["last"], False, 0
    for t, moving in zip(rec["frames"], rec["moving"]):
        if moving:  # drawn when 30 ms have passed since the last drawn, or with a change to show
            want = t - last >= REST_FRAME_MS or dirty.get(t, False)
            assert (t in dirty) == want, (t, last, rec["drawn"])
            skipped += not want
        elif was:  # the first frame after the round's last moving one: drawn
            assert t in dirty, (t, rec["drawn"])
        last = t if t in dirty else last
        was = moving
    assert any(rec["moving"]) and not rec["moving"][-1]
    # the premise: the display gave frames closer than 30 ms while the round moved, so some were left
    assert skipped > 0, (rec["frames"], rec["drawn"])


def test_with_reduced_motion_nothing_is_drawn_at_rest(context: BrowserContext, watch: Watch, site: Site) -> None:
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")
    page = boot(page, watch, site.root + f"?debug=1&seed={LOSING_SEED}&speed=fast").page
    page.evaluate("game.spin()")  # a round that leaves nothing on the reels
    page.evaluate(FRAMES_PASS, 5)
    page.evaluate(RECORD)
    page.evaluate(FRAMES_PASS, 60)
    rec = page.evaluate(FRAMES)
    assert len(rec["frames"]) >= 60 and rec["drawn"] == []
    # something changes: a round's frames are drawn again
    page.evaluate(RECORD)
    page.evaluate("game.spin()")
    assert len(page.evaluate(FRAMES)["drawn"]) > 0
