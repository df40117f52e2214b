// static/js/core/errors.js (and core/download.js's DownloadFailed): every error class of the page
// is a GameError, named after its class, built the one way (message, {code, params, money,
// cause}) with the fields engine/errors.py's EngineError carries; the codes the tables word
// (why.<code>, static/i18n/) are the ones the callers give.
import assert from "node:assert/strict";
import { test } from "node:test";

import * as errors from "../../static/js/core/errors.js";
import { DOWNLOAD, DownloadFailed } from "../../static/js/core/download.js";
import { amount } from "../../static/js/core/amounts.js";
import { readSettings } from "../../static/js/operator/launch.js";
import { MODEL } from "./support.mjs";

const { AmountError, EngineLost, GameError, SettingsError, StartupError } = errors;

// every class errors.js exports, by its exported name
const CLASSES = Object.entries(errors).filter(([, v]) => typeof v === "function" && v.prototype instanceof Error);
// what a class needs besides the shared fields (a setting's or an amount's key and value, a file)
const NEEDS = { SettingsError: { key: "bets", value: "0", code: "settings.x" }, AmountError: { key: "bet", value: 0, code: "amount.x" } };

/** One of `cls`, built the one way with `fields` (and what the class needs besides). */
const make = (name, cls, fields = {}) => new cls("the reason", { ...NEEDS[name], ...fields });

test("errors.js exports the base and its twelve classes, and nothing else that is an Error", () => {
    assert.deepEqual(CLASSES.map(([name]) => name).sort(), [
        "AmountError", "AutoplayOptionError", "BadSave", "CannotStart", "Conflict", "EngineLost", "EngineRefusal",
        "GameError", "NewerSave", "ProfileError", "Refused", "SessionEnded", "SettingsError", "StartupError",
    ]);
});

test("every class is a GameError named after its class", () => {
    for (const [name, cls] of [...CLASSES, ["DownloadFailed", DownloadFailed]]) {
        const err = name === "DownloadFailed" ? new DownloadFailed("HTTP 503", { file: "engine/rules.py" }) : make(name, cls);
        assert.ok(err instanceof GameError, name);
        assert.ok(err instanceof Error, name);
        assert.equal(err.name, name);
        assert.equal(String(err).split(":")[0], name); // "Refused: the reason" in the console, not "Error: ..."
        assert.equal(Object.getPrototypeOf(err), cls.prototype);
    }
    assert.ok(new errors.NewerSave("m") instanceof errors.BadSave); // a newer save is a bad save too
    assert.ok(new EngineLost("m") instanceof StartupError);
});

test("one constructor shape: (message, {code, params, money, cause}), each field optional", () => {
    const cause = new RangeError("the inner one");
    for (const [name, cls] of CLASSES) {
        const plain = name in NEEDS ? null : new cls("the reason");
        if (plain) {
            assert.equal(plain.message, "the reason", name);
            assert.deepEqual([plain.params, plain.money, "cause" in plain], [{}, [], false], name);
        }
        const err = make(name, cls, { code: "some.code", params: { n: 1 }, money: ["n"], cause });
        assert.equal(err.code, "some.code", name);
        assert.equal(err.params.n, 1, name);
        assert.deepEqual(err.money, ["n"], name);
        assert.equal(err.cause, cause, name);
    }
    // no code given: null, but the classes whose code is their own
    assert.equal(new errors.Refused("busy").code, null);
    assert.equal(new EngineLost("the engine stopped").code, "engine.lost");
    assert.equal(new DownloadFailed("not loaded", { file: "a.js" }).code, DOWNLOAD);
    assert.equal(DOWNLOAD, "boot.download");
});

test("the fields are engine/errors.py's EngineError's: code, params, money beside the message", () => {
    const err = new errors.EngineRefusal("bet 70 is not a listed level", { code: "bet.notLevel", params: { bet: 70 }, money: ["bet"] });
    // (engine/errors.py's doctest: to_dict() is {code, params, money, message})
    assert.deepEqual({ code: err.code, params: err.params, money: err.money, message: err.message },
        { code: "bet.notLevel", params: { bet: 70 }, money: ["bet"], message: "bet 70 is not a listed level" });
});

test("a setting's and an amount's refusal word their message around why, with key and value in params", () => {
    const setting = new SettingsError("not a currency this browser knows",
        { code: "settings.currencyUnknown", key: "currency", value: "XQQ" });
    assert.equal(setting.message, "currency=XQQ: not a currency this browser knows; nothing has been played");
    assert.deepEqual([setting.key, setting.value, setting.why], ["currency", "XQQ", "not a currency this browser knows"]);
    assert.deepEqual(setting.params, { key: "currency", value: "XQQ" });
    assert.deepEqual(setting.money, []);
    const long = new SettingsError("too long", { code: "settings.betsList", key: "bets", value: "1,".repeat(100) });
    assert.equal(long.value, `${"1,".repeat(30)}... (200 characters)`); // clipped
    const given = new SettingsError("a level is above the stake limit 100", { code: "settings.aboveLimit", key: "bets", value: "50,200",
        params: { limit: 100 } });
    assert.deepEqual(given.params, { key: "bets", value: "50,200", limit: 100 });

    const amountErr = new AmountError("above 1000, the most it may be", { code: "amount.aboveLimit", key: "lossLimit", value: 1001,
        params: { limit: 1000 } });
    assert.equal(amountErr.message, "lossLimit=1001: above 1000, the most it may be");
    assert.deepEqual(amountErr.params, { key: "lossLimit", value: "1001", limit: 1000 });
    assert.deepEqual(amountErr.money, ["limit", "min"]); // its amounts, for the page's formatter
    assert.equal(new AmountError("x", { code: "amount.type", key: "k", value: undefined }).value, "nothing");

    const failed = new DownloadFailed("HTTP 503", { file: "static/vendor/pyodide/pyodide.asm.wasm" });
    assert.equal(failed.message, "static/vendor/pyodide/pyodide.asm.wasm could not be downloaded (HTTP 503)");
    assert.deepEqual([failed.file, failed.why], ["static/vendor/pyodide/pyodide.asm.wasm", "HTTP 503"]);
    assert.equal(new StartupError("m", { code: DOWNLOAD, file: "f" }).file, "f");
    assert.equal(new StartupError("m").file, null);
});

test("the callers' codes are kept: a launch setting, an amount", () => {
    const refusal = (fn) => {
        try {
            fn();
        } catch (err) {
            return err;
        }
        assert.fail("not refused");
    };
    const bad = refusal(() => readSettings(new URLSearchParams("currency=EURO"), { model: MODEL, warn: () => {} }));
    assert.ok(bad instanceof SettingsError);
    assert.deepEqual([bad.name, bad.code, bad.key, bad.value], ["SettingsError", "settings.currencyCode", "currency", "EURO"]);
    assert.equal(bad.message, "currency=EURO: not an ISO 4217 code (three capital letters); nothing has been played");
    // an amount refused inside a setting: the setting's refusal keeps the amount's code, money and cause
    const level = refusal(() => readSettings(new URLSearchParams("bets=10,x"), { model: MODEL, warn: () => {} }));
    assert.ok(level instanceof SettingsError);
    assert.deepEqual([level.code, level.money], ["settings.betsList", []]);
    const max = refusal(() => readSettings(new URLSearchParams("maxBet=0"), { model: MODEL, warn: () => {} }));
    assert.deepEqual([max.code, max.money, max.params], ["amount.belowMin", ["limit", "min"], { key: "maxBet", value: "0", min: 1 }]);
    assert.ok(max.cause instanceof AmountError);
    const typed = refusal(() => amount("1.5", { key: "bet", max: 100 }));
    assert.deepEqual([typed.name, typed.code], ["AmountError", "amount.spelling"]);
});
