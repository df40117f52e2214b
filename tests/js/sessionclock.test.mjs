// static/js/operator/sessionclock.js: the session's elapsed time as the bar shows it ("1:02:03") and as
// it is spoken ("1 hour 2 minutes 3 seconds", the English table's time.* entries). Expected
// values worked out by hand from the module's doc comments. The SessionClock class is given the
// document that holds its elements (`root`): here a small fake of the few element features it
// uses, and a clock the test moves by hand.
import "./fetch-files.mjs"; // first: i18n.js fetches the tables (file: URLs here)
import { englishReady } from "../../static/js/lang/i18n.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { SessionClock, clock, nextCheckAfter, spoken } from "../../static/js/operator/sessionclock.js";
import { SessionEnded } from "../../static/js/core/errors.js";

await englishReady; // the English table, fetched as i18n.js is imported (t() words with it)

test("clock() writes hours:minutes:seconds, whole seconds only", () => {
    assert.equal(clock(0), "0:00:00");
    assert.equal(clock(59_999), "0:00:59"); // 59.999 s: the second not yet complete
    assert.equal(clock(3_723_000), "1:02:03"); // 3600 + 120 + 3 s, the module's example
    assert.equal(clock(100 * 3_600_000), "100:00:00"); // hours are not wrapped at 24
    assert.equal(clock(-5_000), "0:00:00"); // a clock set back: never negative
});

test("spoken() names each non-zero unit, singular or plural", () => {
    assert.equal(spoken(3_723_000), "1 hour 2 minutes 3 seconds");
    assert.equal(spoken(2 * 3_600_000 + 1_000), "2 hours 1 second"); // zero minutes left out
    assert.equal(spoken(60_000), "1 minute");
    assert.equal(spoken(0), "0 seconds"); // nothing elapsed: the seconds still said
    assert.equal(spoken(999), "0 seconds");
});

/** An element as far as SessionClock uses one. */
class FakeElement {
    constructor() {
        this.hidden = false;
        this.open = false;
        this.textContent = "";
        this.dataset = {};
        this.attributes = {};
        this.classes = new Set();
        this.listeners = {};
        this.previousElementSibling = { hidden: false }; // a figure's label
        this.classList = { toggle: (name, on) => (on ? this.classes.add(name) : this.classes.delete(name)) };
    }

    setAttribute(name, value) { this.attributes[name] = value; }
    addEventListener(type, f) { this.listeners[type] = f; }
    click() { this.listeners.click?.(); }
    showModal() { this.open = true; }
    close() { this.open = false; }
    focus() {}
    querySelector() { return null; }
}

/** A fake document of every id asked for; the SessionClock, a saved game whose totals the test
 *  sets, and a clock at `now` ms the test moves. */
function session(profile, options = {}) {
    const elements = new Map();
    const root = { getElementById: (id) => { if (!elements.has(id)) elements.set(id, new FakeElement()); return elements.get(id); } };
    const time = { now: 1_000_000 };
    const saved = { roundsPlayed: 0, figures: { rounds: 0, staked: 0, won: 0, net: 0 }, totals() { return this.figures; }, on() {} };
    const format = (minor) => `€${(minor / 100).toFixed(2)}`; // a format of the test's own
    const c = new SessionClock({ profile, format, saved, now: () => time.now, root, ...options });
    return { c, time, saved, el: (id) => root.getElementById(id) };
}

const UK = { sessionClock: true, clock: true, net: true, reality: 60 }; // a reality check every 60 minutes

test("SessionClock shows the bar and its figures as the profile's switches say", () => {
    const { c, time, saved, el } = session({ ...UK, net: false });
    try {
        assert.equal(el("session-bar").hidden, false);
        assert.equal(el("session-time").hidden, false);
        assert.equal(el("session-net").hidden, true); // net: false hides the figure...
        assert.equal(el("session-net").previousElementSibling.hidden, true); // ...and its label
        time.now += 3_723_000;
        saved.figures = { rounds: 3, staked: 300, won: 50, net: -250 };
        c.render();
        assert.equal(el("session-time").textContent, "1:02:03");
        assert.equal(el("session-time").attributes["aria-label"], "1 hour 2 minutes 3 seconds");
        assert.equal(el("session-net").textContent, "−€2.50"); // a loss with the minus sign, not a hyphen
        assert.equal(el("session-net").dataset.minor, "-250");
        assert.ok(el("session-net").classes.has("down"));
    } finally {
        c.leave(); // stops its timer
    }
});

test("SessionClock in still mode shows 0:00:00 however long the session, and still checks on time", async () => {
    // still mode's promise (docs/page-contract.md): the picture depends only on the address and
    // the rounds, so the bar's clock may not move with the wall clock; the check keeps real time
    const { c, time, el } = session(UK, { still: true });
    try {
        time.now += 3_723_000;
        c.render();
        assert.equal(el("session-time").textContent, "0:00:00");
        assert.equal(el("session-time").attributes["aria-label"], "0 seconds");
        time.now += 60 * 60_000; // past the 60 minutes of the profile
        const gate = c.gate();
        assert.equal(el("reality-dialog").open, true);
        el("reality-continue").click();
        await gate;
    } finally {
        c.leave();
    }
});

test("SessionClock's reality check comes every `reality` minutes, and Leave ends the session", async () => {
    const { c, time, saved, el } = session(UK);
    try {
        await c.gate(); // nothing due at the start: resolves at once
        assert.equal(el("reality-dialog").open, false);
        time.now += 60 * 60_000; // the 60 minutes of the profile
        saved.figures = { rounds: 10, staked: 1000, won: 1200, net: 200 };
        let passed = false;
        const gate = c.gate().then(() => { passed = true; });
        assert.equal(el("reality-dialog").open, true);
        assert.equal(c.checks, 1);
        assert.equal(el("reality-elapsed").textContent, "1 hour");
        assert.equal(el("reality-net").textContent, "+€2.00");
        assert.equal(el("reality-staked").textContent, "€10.00");
        assert.equal(el("reality-won").textContent, "€12.00");
        await Promise.resolve();
        assert.equal(passed, false); // play waits for the player
        el("reality-continue").click();
        await gate;
        assert.equal(el("reality-dialog").open, false);
        assert.equal(c.nextCheck, 1_000_000 + 2 * 60 * 60_000); // the next one an interval later
        time.now += 60 * 60_000;
        const left = c.gate();
        el("reality-leave").click();
        await assert.rejects(left, SessionEnded);
        await assert.rejects(c.gate(), SessionEnded); // every later round is refused
        assert.equal(el("session-ended").hidden, false);
        assert.equal(c.checks, 2);
    } finally {
        c.leave();
    }
});

test("nextCheckAfter() is the first multiple of the interval past now, in one step", () => {
    // by hand: checks at 100 + 60k; at 250 the next is 280, at 280 exactly it is 340
    assert.equal(nextCheckAfter(100, 60, 250), 280);
    assert.equal(nextCheckAfter(100, 60, 280), 340);
    assert.equal(nextCheckAfter(100, 60, 100), 160);
    // issue 47: ?reality=0.0000000001 is 6e-6 ms, below the resolution of a clock at 1.8e12 ms,
    // where adding the interval until it passed now never ended; now it is past now at once
    const now = 1.8e12 + 5;
    const next = nextCheckAfter(1.8e12, 6e-6, now);
    assert.ok(next > now && next <= now + 1); // 1 ms: the module's least step
});

test("Continue after a check with an interval below the clock's resolution returns", () => {
    // the SessionClock of the old loop: this test never ended (the node runner's timeout)
    const { c, time, el } = session({ ...UK, reality: 1e-10 });
    try {
        time.now = 1.8e12;
        c.tick();
        assert.equal(el("reality-dialog").open, true);
        el("reality-continue").click();
        assert.equal(el("reality-dialog").open, false);
        assert.ok(c.nextCheck > time.now);
    } finally {
        c.leave();
    }
});
