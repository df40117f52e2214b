// @ts-check
// Bad saved records set aside, so that a record the game cannot use is never simply lost:
// each under BACKUP_PREFIX + the time it was set aside (ms since 1970), the last BACKUPS_MAX
// distinct ones. store.js decides when; this file only keeps and lists them.

import { t } from "../lang/i18n.js";

export const BACKUP_PREFIX = "boce.save.bad.";
export const BACKUPS_MAX = 5;

/** What a failed write or read of storage threw: a caught value, so anything (a DOMException,
 *  most often); only its `name` and legacy `code` are read.
 *  @typedef {{ readonly name?: unknown, readonly code?: unknown } | null | undefined} StorageFailure */

/** What keepBackup did: the key the record is kept under, or null and why it could not be kept.
 *  @typedef {{ key: string | null, why?: string }} Kept */

/** Why storage refused: full, or not allowed at all.
 *  @param {unknown} err  what storage threw (a caught value)
 *  @returns {string} */
export function describe(err) {
    const failure = /** @type {StorageFailure} */ (err);
    const name = failure?.name ?? "";
    if (name === "QuotaExceededError" || failure?.code === 22) return t("save.full");
    return t("save.blocked");
}

/** The keys of the kept bad records, oldest first.
 *  @param {Storage} ls
 *  @returns {string[]} */
export function backupKeys(ls) {
    /** @type {string[]} */
    const keys = [];
    for (let i = 0; i < ls.length; i++) {
        const k = ls.key(i);
        if (k?.startsWith(BACKUP_PREFIX) && /^\d+$/.test(k.slice(BACKUP_PREFIX.length))) keys.push(k);
    }
    return keys.sort((a, b) => Number(a.slice(BACKUP_PREFIX.length)) - Number(b.slice(BACKUP_PREFIX.length)));
}

/** Keeps `raw` under BACKUP_PREFIX + now, unless it is kept already; then drops the oldest
 *  beyond BACKUPS_MAX. Returns `{ key }`, or `{ key: null, why }` when it could not be kept.
 *  @param {() => Storage} storage  gives the Storage (its access itself can throw)
 *  @param {string} raw
 *  @returns {Kept} */
export function keepBackup(storage, raw) {
    try {
        const ls = storage();
        const keys = backupKeys(ls);
        const same = keys.find((k) => ls.getItem(k) === raw);
        if (same) return { key: same };
        let time = Date.now();
        while (ls.getItem(BACKUP_PREFIX + time) !== null) time += 1;
        const key = BACKUP_PREFIX + time;
        ls.setItem(key, raw);
        keys.push(key);
        while (keys.length > BACKUPS_MAX) ls.removeItem(/** @type {string} */ (keys.shift())); // (more than BACKUPS_MAX: never empty)
        return { key };
    } catch (err) {
        return { key: null, why: describe(err) };
    }
}

