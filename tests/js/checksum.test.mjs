// static/js/core/checksum.js: the saved record's canonical JSON and its FNV-1a checksum
// (docs/save-format.md "The checksum").
//
// Expected values: the FNV-1a hashes of "", "a" and "foobar" are the published test vectors of
// the FNV reference (draft-eastlake-fnv, FNV-1a 32-bit); the others were computed in Python
// with json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False) and the
// same FNV-1a (as tests/e2e/savefile.py does):
//     h = 0x811c9dc5; for b in text.encode(): h = ((h ^ b) * 0x01000193) & 0xffffffff
import assert from "node:assert/strict";
import { test } from "node:test";

import { canonical, checksum, fnv1a } from "../../static/js/core/checksum.js";

// docs/save-format.md's example record, without its checksum
const RECORD = {
    version: 1, revision: 12, balance: 100000, bet: 100, muted: false, turbo: false,
    seed: null, rng: null, pending: null, history: [],
};

test("fnv1a gives the FNV reference's test vectors", () => {
    assert.equal(fnv1a(""), "811c9dc5"); // the offset basis: no byte hashed
    assert.equal(fnv1a("a"), "e40c292c");
    assert.equal(fnv1a("foobar"), "bf9cf968");
});

test("canonical is Python's sorted, compact JSON", () => {
    // Python: json.dumps(RECORD, sort_keys=True, separators=(",", ":"))
    assert.equal(canonical(RECORD),
        '{"balance":100000,"bet":100,"history":[],"muted":false,"pending":null,"revision":12,"rng":null,"seed":null,' +
        '"turbo":false,"version":1}');
    // nested objects sorted too, non-ASCII kept as itself (ensure_ascii=False)
    assert.equal(canonical({ zeta: [3, { b: "Schneemann ü €", a: null }], alpha: -5, mid: true }),
        '{"alpha":-5,"mid":true,"zeta":[3,{"a":null,"b":"Schneemann ü €"}]}');
});

test("canonical leaves out undefined fields and writes undefined in a list as null (as JSON.stringify)", () => {
    assert.equal(canonical({ b: 1, a: undefined }), '{"b":1}');
    assert.equal(canonical([1, undefined]), "[1,null]");
});

test("checksum of the documented record is the one Python computes", () => {
    assert.equal(checksum(RECORD), "6b496fb8"); // Python, as in this file's header
    // the record's own checksum field is not hashed, whatever it holds
    assert.equal(checksum({ ...RECORD, checksum: "1a2b3c4d" }), "6b496fb8");
});

test("checksum hashes the UTF-8 bytes (a non-ASCII text gives Python's value)", () => {
    assert.equal(checksum({ zeta: [3, { b: "Schneemann ü €", a: null }], alpha: -5, mid: true }), "7a59f3d1"); // Python
});

test("any change of a field changes the checksum", () => {
    assert.notEqual(checksum({ ...RECORD, balance: 100001 }), checksum(RECORD));
});
