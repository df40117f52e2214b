// static/js/ledger/tabs.js: the writer lock's roles when the browser has no Web Locks, grants
// them, or refuses them. Chromium's third-party storage blocking (a private window's frame of
// another site) makes navigator.locks.request throw a SecurityError ("The request was denied.");
// the game then plays in memory (docs/save-format.md), so start() resolves "memory" instead of
// rejecting, which stopped the page's start. The lock managers here are fakes of the one method
// tabs.js calls, request(name, options, callback).
import assert from "node:assert/strict";
import { test } from "node:test";

import { Tabs } from "../../static/js/ledger/tabs.js";

const denied = () => Object.assign(new Error("The request was denied."), { name: "SecurityError" });
const quiet = (fn) => async () => {
    const warn = console.warn;
    console.warn = () => {};
    try { await fn(); } finally { console.warn = warn; }
};
const tabsWith = (locks) => {
    const tabs = new Tabs({ locks });
    tabs.channel?.close(); // (node would otherwise keep running for the open channel)
    return tabs;
};

test("no Web Locks: the tab is solo (tabs.js's header)", async () => {
    assert.equal(await tabsWith(null).start(), "solo");
});

test("a free lock makes the tab the writer, a held one waiting", async () => {
    const granting = { request: (name, options, callback) => Promise.resolve(callback({ name })) };
    assert.equal(await tabsWith(granting).start(), "writer");
    const held = { request: (name, options, callback) => Promise.resolve(callback(null)) };
    assert.equal(await tabsWith(held).start(), "waiting");
});

test("a request that throws (Chromium's SecurityError) plays in memory", quiet(async () => {
    const error = denied();
    const tabs = tabsWith({ request() { throw error; } });
    assert.equal(await tabs.start(), "memory");
    assert.equal(tabs.refusal, error); // for the Store's notice (app.js: store.refuse)
}));

test("a request that rejects plays in memory too", quiet(async () => {
    const error = denied();
    const tabs = tabsWith({ request: () => Promise.reject(error) });
    assert.equal(await tabs.start(), "memory");
    assert.equal(tabs.refusal, error);
}));

test("a tab in memory never hands over nor asks for the lock", quiet(async () => {
    const tabs = tabsWith({ request() { throw denied(); } });
    await tabs.start();
    tabs.wanted = true;
    tabs.setBusy(false);
    let lost = false;
    tabs.on("lost", () => { lost = true; });
    tabs.idle();
    assert.equal(lost, false);
    assert.equal(await tabs.playHere(), "memory");
}));
