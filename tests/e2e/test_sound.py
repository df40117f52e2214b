"""Music and sound (issue 33, part 5): synthesised in WebAudio, switched by the player.

Observed from outside the game's code: an init script (before any page script) wraps
OscillatorNode.prototype.start to count every note started and to keep the AudioContexts that
start them, so "the music schedules notes" means that count grows while nobody plays. The
switches are the info dialog's #music-toggle / #effects-toggle and the HUD's #mute (the master).
The render check plays the loop's note data (static/js/sound/music.js, read here as the module itself
exports it) into an OfflineAudioContext; the expected loop length is bars x beats per bar x
60 / tempo, and it must equal the last note's end beat (the note data's own arithmetic).
"""

from __future__ import annotations

import math
import struct
import wave
from collections.abc import Callable
from typing import Any

from e2e_harness import Game, Site
from playwright.sync_api import BrowserContext, Page

COUNT_NOTES = """
(() => {
    window.__notes = 0;
    window.__ctxs = [];
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) {
        if (!(this.context instanceof OfflineAudioContext)) {
            window.__notes += 1;
            if (!window.__ctxs.includes(this.context)) window.__ctxs.push(this.context);
        }
        return start.apply(this, args);
    };
})();
"""

# An in-page wait of `ms` on the page's own clock (a condition, not a test-side sleep).
WAIT_MS = "(ms) => new Promise((r) => setTimeout(() => r(window.__notes), ms))"


def notes(page: Page) -> int:
    return int(page.evaluate("window.__notes"))


def grows(page: Page, by: int = 3) -> None:
    """The count of notes started grows by `by` (the music's lookahead runs every 100 ms)."""
    before = notes(page)
    page.wait_for_function("(n) => window.__notes >= n", arg=before + by, timeout=5000)


def stays(page: Page) -> None:
    """No note starts over 1.5 s of the page's clock (longer than the 0.8 s lookahead)."""
    page.evaluate(WAIT_MS, 900)  # notes scheduled before the switch may still be counted
    before = notes(page)
    after = page.evaluate(WAIT_MS, 1500)
    assert after == before, f"{after - before} notes started after the music should have stopped"


def booted(context: BrowserContext, open_game: Callable[..., Game]) -> Page:
    context.add_init_script(COUNT_NOTES)
    page = open_game().page
    page.keyboard.press("Shift")  # a gesture that does not spin
    return page


def open_info(page: Page) -> None:
    page.click("#info-button")
    page.wait_for_selector("#music-toggle", state="visible")


def close_info(page: Page) -> None:
    page.click("#info-close")
    page.wait_for_selector("#music-toggle", state="hidden")


def set_hidden(page: Page, hidden: bool) -> None:
    """The page as hidden (another tab, a locked phone) or visible again, as the browser says it."""
    page.evaluate("""(hidden) => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
        document.dispatchEvent(new Event('visibilitychange'));
    }""", hidden)


def test_music_plays_idle_and_stops_when_muted_or_hidden(context: BrowserContext, open_game: Callable[..., Game]) -> None:
    page = booted(context, open_game)
    grows(page, 6)  # idle: only the music starts notes
    page.wait_for_function("() => window.__ctxs.length > 0 && window.__ctxs[0].state === 'running'")

    page.click("#mute")  # the master switch
    assert page.get_attribute("#mute", "aria-pressed") == "true"
    stays(page)
    page.click("#mute")
    grows(page)

    # Hidden: the context is suspended and nothing more is scheduled; visible again, it resumes.
    set_hidden(page, True)
    page.wait_for_function("() => window.__ctxs[0].state === 'suspended'")
    stays(page)
    set_hidden(page, False)
    page.wait_for_function("() => window.__ctxs[0].state === 'running'")
    grows(page)


def test_music_off_keeps_effects_and_is_saved(context: BrowserContext, open_game: Callable[..., Game]) -> None:
    page = booted(context, open_game)
    grows(page)
    open_info(page)
    page.click("#music-toggle")
    assert page.get_attribute("#music-toggle", "aria-pressed") == "false"
    assert page.get_attribute("#effects-toggle", "aria-pressed") == "true"
    close_info(page)
    stays(page)

    before = notes(page)
    page.evaluate("window.game.spin()")  # the effects still sound: spin start, reel stops
    page.wait_for_function("(n) => window.__notes > n", arg=before, timeout=5000)
    page.evaluate("window.game.settled()")

    # Effects off too: a spin starts no note at all.
    open_info(page)
    page.click("#effects-toggle")
    assert page.get_attribute("#effects-toggle", "aria-pressed") == "false"
    close_info(page)
    before = notes(page)
    page.evaluate("window.game.spin().then(() => window.game.settled())")
    assert notes(page) == before

    # Both remembered with the save.
    page.reload()
    page.wait_for_selector("html[data-state='ready']")
    assert page.get_attribute("#music-toggle", "aria-pressed") == "false"
    assert page.get_attribute("#effects-toggle", "aria-pressed") == "false"
    page.keyboard.press("Shift")
    stays(page)


RENDER = """async () => {
    const { Sound } = await import('./static/js/sound/sound.js');
    const { TRACKS, loopSeconds } = await import('./static/js/sound/music.js');
    const rate = 22050;
    const render = async (seconds, play) => {
        const ctx = new OfflineAudioContext(1, Math.ceil(seconds * rate), rate);
        const s = new Sound();
        s.attach(ctx);
        play(s, ctx);
        const buf = await ctx.startRendering();
        return Array.from(buf.getChannelData(0));
    };
    const out = {};
    for (const name of ['base', 'feature']) {
        const t = TRACKS[name];
        const beat = 60 / t.tempo;
        out[name] = {
            seconds: loopSeconds(t), tempo: t.tempo, bars: t.bars, beatsPerBar: t.beatsPerBar,
            lastEnd: Math.max(...t.notes.map((n) => n[0] + n[2])),
            samples: await render(loopSeconds(t) + 1.5, (s) => {
                for (const [at, note, len, voice] of t.notes) s.playNote(0.05 + at * beat, voice, note, len * beat, t.gain);
            }),
        };
    }
    const effects = [['reelStop', 2], ['book'], ['win', 10], ['bigWin', 3], ['maxWin'], ['tier', 4],
        ['multiplier', 8], ['expandBook', 3], ['expandSymbol'], ['countEnd', 2], ['featureStart']];
    out.effects = await render(effects.length * 1.5 + 2, (s, ctx) => {
        effects.forEach(([name, ...args], k) => {
            s._start = (fn) => fn(0.05 + k * 1.5);
            s._play = (fn) => s._start(fn);
            s[name](...args);
        });
    });
    out.rate = rate;
    return out;
}"""


def write_wav(path: str, samples: list[float], rate: int) -> None:
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(b"".join(struct.pack("<h", max(-32767, min(32767, int(x * 32767)))) for x in samples))


def stats(samples: list[float]) -> tuple[float, float]:
    peak = max(abs(x) for x in samples)
    rms = math.sqrt(sum(x * x for x in samples) / len(samples))
    return peak, rms


def test_synthesis_renders_clean(game: Game) -> None:
    out: dict[str, Any] = game.page.evaluate(RENDER)
    rate = out["rate"]
    levels = {}
    for name in ("base", "feature"):
        t = out[name]
        # The loop's length from its own note data: the last note ends on the last beat.
        assert t["lastEnd"] == t["bars"] * t["beatsPerBar"]
        assert math.isclose(t["seconds"], t["bars"] * t["beatsPerBar"] * 60 / t["tempo"])
        peak, rms = stats(t["samples"])
        write_wav(f"/tmp/boce-{name}.wav", t["samples"], rate)
        assert peak <= 1.0, f"{name} clips: peak {peak}"
        assert 0.002 < rms < 0.2, f"{name} loop RMS {rms} out of range"
        # Every bar sounds (no silent stretch of a whole bar inside the loop).
        bar = int(t["beatsPerBar"] * 60 / t["tempo"] * rate)
        for b in range(t["bars"]):
            chunk = t["samples"][b * bar:(b + 1) * bar]
            assert max(abs(x) for x in chunk) > 0.005, f"{name} bar {b + 1} is silent"
        levels[name] = rms
    peak, rms = stats(out["effects"])
    write_wav("/tmp/boce-effects.wav", out["effects"], rate)
    assert peak <= 1.0, f"effects clip: peak {peak}"
    assert 0.005 < rms < 0.3
    # The music sits under the effects.
    assert max(levels.values()) < rms, (levels, rms)


# Every AudioParam.setTargetAtTime call of the page's own contexts: [param index, target, time].
RECORD_TARGETS = """
(() => {
    window.__params = [];
    window.__targets = [];
    const set = AudioParam.prototype.setTargetAtTime;
    AudioParam.prototype.setTargetAtTime = function (value, ...rest) {
        let k = window.__params.indexOf(this);
        if (k < 0) { k = window.__params.length; window.__params.push(this); }
        window.__targets.push([k, value, performance.now()]);
        return set.call(this, value, ...rest);
    };
})();
"""

CELEBRATE = """([amount, level, name, bet]) => {
    const g = window.debugGame;
    window.__closed = false;
    g.sequencer.panels.bigWin({ name, level, amount, bet,
        tiers: g.sequencer.model.big_wins, speedFactor: 0.5, sfx: (n, ...a) => g.sequencer.sfx(n, ...a),
        onBurst: () => {} }).then(() => { window.__closed = true; });
}"""


def test_music_ducks_under_a_celebration_and_comes_back(context: BrowserContext, open_game: Callable[..., Game], site: Site) -> None:
    """While a big win counts and its fanfare plays, the music steps back (its bus falls to at
    most a quarter of its level) but keeps playing; when the panel closes it returns to the level
    it had. The bus is found from outside: the one AudioParam that gets a low target during the
    celebration and a high one after it."""
    from engine import load_model  # the tiers of the model file

    model = load_model()
    tier = max(model.big_wins, key=lambda t: t.at)
    context.add_init_script(COUNT_NOTES)
    context.add_init_script(RECORD_TARGETS)
    page = open_game(site.root + "?debug=1&lang=en").page
    page.keyboard.press("Shift")
    grows(page, 6)  # the music plays
    assert page.evaluate("window.__targets.length") == 0  # nothing ducked yet
    amount = tier.at * model.default_bet * 2
    page.evaluate(CELEBRATE, [amount, tier.level, tier.name, model.default_bet])
    page.wait_for_function("() => window.__targets.some(([, v]) => v > 0)")
    page.evaluate(WAIT_MS, 600)  # five time constants of the duck (0.08 s) and more
    ducked = page.evaluate("""() => window.__targets.filter(([, v]) => v > 0)
        .map(([k, v]) => [k, v, window.__params[k].value])""")
    assert len({k for k, _, _ in ducked}) == 1, ducked  # one bus moved: the music's
    bus = ducked[0][0]
    grows(page)  # still playing while ducked
    page.dispatch_event("#overlay", "pointerdown")  # lands the count
    page.dispatch_event("#overlay", "pointerdown")  # closes the panel
    page.wait_for_function("() => window.__closed")
    page.wait_for_function("(k) => window.__targets.filter(([p]) => p === k).length >= 2", arg=bus)
    back = page.evaluate("(k) => window.__targets.filter(([p]) => p === k).map(([, v]) => v)", bus)
    low, high = back[0], back[-1]
    assert 0 < low <= high / 4, back
    assert ducked[0][2] <= high / 4 * 1.05  # the bus's own value had fallen, not just its target
    page.evaluate(WAIT_MS, 2500)  # the return's time constant is 0.4 s
    assert abs(page.evaluate("(k) => window.__params[k].value", bus) - high) < high * 0.05


def test_state_reports_the_music_and_effects_switches(context: BrowserContext, open_game: Callable[..., Game]) -> None:
    page = booted(context, open_game)
    assert page.evaluate("[window.game.state().music, window.game.state().effects]") == [True, True]
    page.evaluate("window.game.setSound({ music: false })")
    assert page.evaluate("[window.game.state().music, window.game.state().effects]") == [False, True]
    assert page.get_attribute("#music-toggle", "aria-pressed") == "false"
    page.evaluate("window.game.setSound({ effects: false, music: true })")
    assert page.evaluate("[window.game.state().music, window.game.state().effects]") == [True, False]
