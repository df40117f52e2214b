// core/emitter.js: listeners in the order added, `on` returns what stops it, `off` stops it,
// a throwing listener does not stop the others, emitAndWait waits for the answers. Every
// expected value is the sequence of calls these lines make, written out by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Emitter } from "../../static/js/core/emitter.js";

test("listeners are called in the order added, with the payload", () => {
    const e = new Emitter();
    const seen = [];
    e.on("changed", (d) => seen.push(["a", d.n]));
    e.on("changed", (d) => seen.push(["b", d.n]));
    e.emit("changed", { n: 1 });
    assert.deepEqual(seen, [["a", 1], ["b", 1]]);
});

test("on() returns what stops it; off() stops a listener once; others go on", () => {
    const e = new Emitter();
    const seen = [];
    const a = (d) => seen.push(`a${d.n}`);
    const stopB = e.on("changed", (d) => seen.push(`b${d.n}`));
    e.on("changed", a);
    e.emit("changed", { n: 1 });
    stopB();
    e.emit("changed", { n: 2 });
    e.off("changed", a);
    e.off("changed", a); // a second off of the same listener: nothing
    e.emit("changed", { n: 3 });
    assert.deepEqual(seen, ["b1", "a1", "a2"]);
});

test("a listener that stops itself while called does not skip the next one", () => {
    const e = new Emitter();
    const seen = [];
    const stop = e.on("changed", () => { seen.push("once"); stop(); });
    e.on("changed", () => seen.push("next"));
    e.emit("changed", {});
    e.emit("changed", {});
    assert.deepEqual(seen, ["once", "next", "next"]);
});

test("a listener that throws is logged; the others are still called", (t) => {
    const e = new Emitter();
    const logged = t.mock.method(console, "error", () => {});
    const seen = [];
    e.on("lost", () => { throw new Error("boom"); });
    e.on("lost", () => seen.push("after"));
    e.emit("lost");
    assert.deepEqual(seen, ["after"]);
    assert.equal(logged.mock.callCount(), 1);
});

test("emitAndWait resolves after every Promise a listener answered, and rejects with one", async () => {
    const e = new Emitter();
    const seen = [];
    e.on("outdated", async () => { await null; seen.push("slow"); });
    e.on("outdated", () => seen.push("sync"));
    await e.emitAndWait("outdated");
    assert.deepEqual(seen, ["sync", "slow"]);
    e.on("outdated", () => Promise.reject(new Error("no")));
    await assert.rejects(e.emitAndWait("outdated"), /no/);
});
