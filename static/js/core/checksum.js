// @ts-check
// The saved record's canonical JSON and its checksum (docs/save-format.md): the same text and
// the same 8 hex digits as Python's json.dumps(sort_keys=True, separators=(",", ":"),
// ensure_ascii=False) and FNV-1a give (tests/e2e/savefile.py), so a record made by either reads
// in both.

/** JSON with the keys of every object sorted and no whitespace (Python: sort_keys=True,
 *  separators=(",", ":"), ensure_ascii=False give the same text for this record). */
/** @param {unknown} value @returns {string} */
export function canonical(value) {
    if (Array.isArray(value)) return `[${value.map((v) => canonical(v ?? null)).join(",")}]`;
    if (value && typeof value === "object") {
        const object = /** @type {Record<string, unknown>} */ (value);
        const keys = Object.keys(object).filter((k) => object[k] !== undefined).sort();
        return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(object[k])}`).join(",")}}`;
    }
    return JSON.stringify(value);
}

const encoder = new TextEncoder();

/** 32-bit FNV-1a of the UTF-8 bytes of `text`, as 8 lowercase hex digits. */
/** @param {string} text @returns {string} */
export function fnv1a(text) {
    let h = 0x811c9dc5;
    const bytes = encoder.encode(text);
    for (let i = 0; i < bytes.length; i++) { // (an index, not an iterator: a save is tens of KB)
        h ^= bytes[i];
        h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, "0");
}

/** The checksum of a record: FNV-1a of its canonical JSON without its own `checksum`. */
/** @param {Readonly<Record<string, unknown>>} record @returns {string} */
export function checksum(record) {
    const { checksum: _ignored, ...rest } = record;
    return fnv1a(canonical(rest));
}
