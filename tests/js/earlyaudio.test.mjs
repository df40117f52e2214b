// static/js/sound/earlyaudio.js: the AudioContext made while the game loads. Its rules, from the
// module's comment: nothing before a gesture; made only in a wholly idle moment (an idle
// callback with at least IDLE_MS left) while the page's state is "loading"; handed over once by
// take(), after which nothing more is made. Here on a fake window (its listeners, its idle
// callbacks run by hand with the time left we choose, its page state) and a fake AudioContext
// that counts what is made.
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";

import { EARLY_TRIES, EarlyAudio } from "../../static/js/sound/earlyaudio.js";
import { IDLE_MS } from "../../static/js/sound/soundkit.js";

let made;
class FakeAudioContext {
    constructor() { made.push(this); }
}

beforeEach(() => {
    made = [];
    globalThis.AudioContext = FakeAudioContext;
});
afterEach(() => {
    delete globalThis.AudioContext;
});

/** A window as far as EarlyAudio uses one. */
function fakeWindow({ active = false, state = "loading" } = {}) {
    const listeners = new Map();
    const idle = [];
    return {
        idle,
        listeners,
        document: { documentElement: { dataset: { state } } },
        navigator: { userActivation: { hasBeenActive: active } },
        requestIdleCallback: (fn) => idle.push(fn),
        addEventListener: (type, fn) => listeners.set(type, fn),
        removeEventListener: (type, fn) => { if (listeners.get(type) === fn) listeners.delete(type); },
        tap() { listeners.get("pointerdown")?.(); },
        /** Runs the idle callbacks waiting now, each told `left` ms remain. */
        runIdle(left) {
            for (const fn of idle.splice(0)) fn({ timeRemaining: () => left, didTimeout: false });
        },
    };
}

test("nothing is made before a gesture, however idle the page", () => {
    const win = fakeWindow();
    const early = new EarlyAudio(win);
    win.runIdle(50);
    assert.equal(win.idle.length, 0); // not even waiting for a moment
    assert.equal(made.length, 0);
    assert.equal(early.take(), null);
});

test("after a tap, made in the first wholly idle moment, not in a shorter one", () => {
    const win = fakeWindow();
    const early = new EarlyAudio(win);
    win.tap();
    win.runIdle(IDLE_MS - 1); // a frame is due: wait for the next moment
    assert.equal(made.length, 0);
    assert.equal(win.idle.length, 1);
    win.tap(); // a second tap while waiting: still one wait, one context
    win.runIdle(IDLE_MS);
    assert.equal(made.length, 1);
    assert.equal(early.take(), made[0]);
    assert.equal(early.take(), null); // handed over once
});

test("a page already touched (a tap before this module ran) counts as a gesture", () => {
    const win = fakeWindow({ active: true });
    const early = new EarlyAudio(win);
    win.runIdle(50);
    assert.equal(made.length, 1);
    assert.equal(early.take(), made[0]);
});

test("once the load is over nothing is made here: Sound makes its own", () => {
    const win = fakeWindow();
    const early = new EarlyAudio(win);
    win.tap();
    win.document.documentElement.dataset.state = "ready";
    win.runIdle(50);
    assert.equal(made.length, 0);
    assert.equal(win.idle.length, 0); // stopped waiting
    assert.equal(early.take(), null);
});

test("after take(), taps make nothing and the listeners are gone", () => {
    const win = fakeWindow();
    const early = new EarlyAudio(win);
    assert.equal(early.take(), null);
    assert.equal(win.listeners.size, 0);
    win.tap();
    win.runIdle(50);
    assert.equal(made.length, 0);
});

test("handed over while a moment is awaited: that moment makes nothing", () => {
    const win = fakeWindow();
    const early = new EarlyAudio(win);
    win.tap();
    assert.equal(early.take(), null);
    win.runIdle(50);
    assert.equal(made.length, 0);
});

test("a constructor that throws is left to Sound: nothing is handed over, nothing thrown", () => {
    globalThis.AudioContext = class { constructor() { throw new Error("no audio device"); } };
    const win = fakeWindow({ active: true });
    const early = new EarlyAudio(win);
    assert.doesNotThrow(() => win.runIdle(50));
    assert.equal(early.take(), null);
});

test("without WebAudio, nothing is listened to", () => {
    delete globalThis.AudioContext;
    const win = fakeWindow({ active: true });
    const early = new EarlyAudio(win);
    assert.equal(win.listeners.size, 0);
    assert.equal(win.idle.length, 0);
    assert.equal(early.take(), null);
});

test("with frames leaving no wholly idle moment (reels turning while loading), made after EARLY_TRIES moments", () => {
    const win = fakeWindow();
    const early = new EarlyAudio(win);
    win.tap();
    for (let i = 1; i < EARLY_TRIES; i++) win.runIdle(5); // each moment 5 ms: a frame is due
    assert.equal(made.length, 0); // not yet: one more moment may be wholly idle
    win.runIdle(5);
    assert.equal(made.length, 1); // the EARLY_TRIES-th moment makes it, whatever its room
    assert.equal(early.take(), made[0]);
});
