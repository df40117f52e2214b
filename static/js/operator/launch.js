// @ts-check
// Launch settings: what an operator decides about a game before its first round, from the
// page's address (`?lang=de&currency=EUR&market=de`) or, in an embed, from the parent's
// `configure` message. One table of them is in docs/page-contract.md ("Launch settings").
//
//   import { readSettings } from "./launch.js";
//   const settings = readSettings(new URLSearchParams(location.search), { model });
//   // throws SettingsError on a bad value of anything that decides money or rules
//
// A market is a preset of switches (MARKETS below); a switch given in the address overrides
// its preset. Nothing is coerced: a value that decides money or rules (currency, bets, bet,
// market, a switch, maxBet, minRound, reality, demo) is taken exactly as written or refused,
// and a refusal means nothing is played. Only the language, the lobby and `debug`, which decide
// neither, fall back (to English, to no Home link, to the player's view) with a console
// warning. `balance` (a demo's or scenario's starting balance) is refused anywhere else: it
// never touches the player's saved game. Every amount (bets, bet, maxBet, balance) is checked by amounts.js amount(), as given
// (untrimmed), under the limits of amounts.js limitsOf(model).

import { AmountError, SettingsError } from "../core/errors.js";
import { amount, limitsOf } from "../core/amounts.js";
import { FALLBACK, LANGUAGES, languageOf } from "../lang/languages.js";

/** @typedef {import("../../../types/game").Model} Model */
/** The limits of every amount (amounts.js limitsOf).
 *  @typedef {ReturnType<typeof limitsOf>} Limits */
/** A switch's name (SWITCHES).
 *  @typedef {"autoplay" | "turbo" | "slamstop" | "spacebar" | "buy" | "net" | "clock" | "rtp"} SwitchName */
/** Every switch, each 0 (off) or 1 (on).
 *  @typedef {Readonly<Record<SwitchName, 0 | 1>>} Switches */
/**
 * A market's preset (MARKETS).
 * @typedef {object} Market
 * @property {Switches} switches
 * @property {number} minRound            least time (ms) from one round's start to the next's
 * @property {Readonly<Record<string, number>> | null} maxBet  the stake limit in minor units, per currency it names
 * @property {number | null} reality      minutes between reality checks, or null
 * @property {boolean} [quietSmallWins]   a win not above the stake gets no sound, roll-up or panel
 * @property {boolean} [stakeInfo]        the stake information beside the bet (marketinfo.js)
 * @property {boolean} [social]           social play: virtual coins, the social wording
 * @property {string} [currency]          the currency when the address gives none (default EUR)
 */
/** ?demo= as given: "" when absent.
 *  @typedef {"" | "0" | "1" | "feature"} DemoSetting */
/**
 * Every launch setting, checked (readSettings; frozen, `bets` and `switches` too).
 * @typedef {object} Settings
 * @property {string} lang         the language's table (languages.js: "en", "de", ...)
 * @property {"ltr" | "rtl"} dir
 * @property {string} locale       the language's locale for Intl ("en-IE", ...)
 * @property {string} currency     ISO 4217 code, or a virtual coin (COINS)
 * @property {number} minorDigits  the currency's minor digits
 * @property {boolean} coins       the currency is a virtual coin
 * @property {ReadonlyArray<number>} bets  the bet levels, in minor units
 * @property {number} bet          the starting bet, one of `bets`
 * @property {string} market       a key of MARKETS
 * @property {Switches} switches
 * @property {number} minRound     ms
 * @property {number | null} maxBet  the stake limit in minor units, or null
 * @property {number | null} reality  minutes between reality checks, or null
 * @property {string | null} lobby    the Home link's http(s) address, or null
 * @property {DemoSetting} demo
 * @property {number | null} balance  a demo's or scenario's starting balance, or null
 * @property {boolean} debug       the operator's view (?debug=1)
 * @property {boolean} poster      the marketing embed's poster (?poster=1)
 * @property {boolean} ageGate     nothing plays until the parent confirms the player's age (?ageGate=1)
 * @property {boolean} social
 * @property {boolean} stakeInfo
 * @property {boolean} quietSmallWins
 */
/**
 * What readSettings reads: the engine's model, or (a configure message: operator.js) the model
 * file's own levels, with `limits`.
 * @typedef {object} ReadOptions
 * @property {Pick<Model, "bets" | "default_bet">} model  (the whole Model when `limits` is not given)
 * @property {(message: string) => void} [warn]  how a setting that falls back is reported
 * @property {(code: string) => number | null} [minorDigits]  a currency's minor digits, null for an unknown one
 * @property {Limits} [limits]  default: limitsOf(model)
 */

/** Virtual coins of social (sweepstakes) play: shown as coins, never as money. */
export const COINS = { XGC: "Gold Coins", XSC: "Sweeps Coins" };
/** The switches, each `0` or `1`.
 *  @type {ReadonlyArray<SwitchName>} */
export const SWITCHES = ["autoplay", "turbo", "slamstop", "spacebar", "buy", "net", "clock", "rtp"];

/** @type {Switches} */
const ALL_ON = { autoplay: 1, turbo: 1, slamstop: 1, spacebar: 1, buy: 1, net: 0, clock: 0, rtp: 1 };
/** Each market: its switches, least round spacing (ms), stake limit, reality check, wording.
 *  (Keyed by any string: a market name is read from the address and checked with Object.hasOwn.)
 *  @type {Readonly<Record<string, Market>>} */
export const MARKETS = {
    default: { switches: ALL_ON, minRound: 0, maxBet: null, reality: null },
    uk: {
        switches: { ...ALL_ON, autoplay: 0, turbo: 0, slamstop: 0, buy: 0, net: 1, clock: 1 },
        minRound: 2500, maxBet: null, reality: 60, quietSmallWins: true,
    },
    de: {
        switches: { ...ALL_ON, autoplay: 0, turbo: 0, slamstop: 0, buy: 0 },
        minRound: 5000, maxBet: { EUR: 100 }, reality: null, stakeInfo: true,
    },
    social: { switches: ALL_ON, minRound: 0, maxBet: null, reality: null, social: true, currency: "XGC" },
};

const DIGITS = /^[0-9]+$/;
/** The reality check's interval in minutes: from 0.01 (0.6 s, for tests; a shorter one would
 *  open the check again as soon as it closed) to 1440 (a day). */
export const REALITY_MINUTES = Object.freeze({ min: 0.01, max: 24 * 60 });

/** Every launch setting the page contract documents ("Launch settings"): what the address may
 *  give and a parent's `configure` may set. A `configure` naming anything else (`seed`, `replay`,
 *  `scenario`: the player's, not the operator's) is refused by name (operator.js). */
export const LAUNCH_SETTINGS = Object.freeze([
    "lang", "currency", "bets", "bet", "market", "jurisdiction", ...SWITCHES, "minRound", "maxBet", "reality",
    "lobby", "demo", "balance",
]);
/** The address's other settings read here (the marketing embed's flags, the operator's view). */
const OTHER_SETTINGS = ["poster", "ageGate", "debug"];

/** A setting's value as given: untrimmed (a space is refused by the setting's own rule, as every
 *  amount's is), or null when absent.
 *  @param {unknown} v  a query value (string or null) or a configure message's field (anything)
 *  @returns {string | null} */
function text(v) {
    return v === undefined || v === null ? null : String(v);
}

/** `raw` as a whole number from `min` to `max` (plain digits only), or SettingsError.
 *  @param {string} key
 *  @param {string} raw
 *  @param {{ min?: number, max?: number }} [range]
 *  @returns {number} */
function integer(key, raw, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}) {
    const n = DIGITS.test(raw) ? Number(raw) : NaN;
    if (!(Number.isSafeInteger(n) && n >= min && n <= max)) {
        throw new SettingsError(`not a whole number from ${min} to ${max}`,
            { code: "settings.notWhole", key, value: raw, params: { min, max } });
    }
    return n;
}

/** An amount of the launch (amounts.js amount()), refused as a SettingsError with its code.
 *  @param {string} key
 *  @param {unknown} raw  as given: text from the address, anything from a configure message
 *  @param {{ min?: number, max: number }} opts  amount()'s limits
 *  @returns {number} */
function money(key, raw, opts) {
    try {
        return amount(raw, { key, ...opts });
    } catch (err) {
        if (!(err instanceof AmountError)) throw err;
        throw new SettingsError(err.why, { code: err.code, key, value: err.value, params: err.params, money: err.money, cause: err });
    }
}

/** The currency's minor digits as the browser formats it (JPY 0, EUR 2, BHD 3), or null.
 *  @param {string} code
 *  @returns {number | null} */
export function minorDigitsOf(code) {
    if (Object.hasOwn(COINS, code)) return 2;
    if (code === "EUR") return 2; // the game's own currency: no Intl at start (its data loads slowly)
    const known = Intl.supportedValuesOf?.("currency");
    if (known && !known.includes(code)) return null;
    try {
        return /** @type {number} */ (new Intl.NumberFormat("en", { style: "currency", currency: code })
            .resolvedOptions().maximumFractionDigits); // (always set for a currency style)
    } catch { // a RangeError: a code this browser's Intl does not know, which readSettings refuses by name
        return null;
    }
}

/** Whether the session bar is on screen under `settings` (readSettings): its net or its clock
 *  is, or a reality check reports the session. jurisdiction.js profileOf (`sessionClock`), and
 *  firstpaint.js, which lays the bar out from the first paint so that nothing moves at ready.
 *  @param {Pick<Settings, "switches" | "reality">} settings
 *  @returns {boolean} */
export const sessionBarShown = (settings) =>
    Boolean(settings.switches.net || settings.switches.clock || settings.reality !== null);

/**
 * Every launch setting, checked. `input`: URLSearchParams or a plain object (a configure
 * message's `settings`). `model`: the engine's model (its bets, default bet, digits 2).
 * `minorDigits(code)`: how the currency is written (tests may pass their own). `limits`: the
 * most each amount may be (amounts.js limitsOf(model), the default). Returns a frozen object;
 * throws SettingsError.
 * @param {URLSearchParams | Readonly<Record<string, unknown>> | null | undefined} input
 * @param {ReadOptions} options
 * @returns {Settings}
 */
export function readSettings(input, {
    model, warn = console.warn, minorDigits = minorDigitsOf,
    limits = limitsOf(/** @type {Model} */ (model)), // (without `limits`, `model` is the whole model)
} = /** @type {ReadOptions} */ ({})) { // (the default: no model, which throws; every caller gives one)
    /** A setting as given: text (the address), anything (a configure message), or null when absent.
     *  @type {(k: string) => unknown} */
    const raw = input instanceof URLSearchParams ? (k) => input.get(k) : (k) => input?.[k] ?? null;
    /** @param {string} k */
    const get = (k) => text(raw(k));
    if (input instanceof URLSearchParams) {
        // a setting written twice (`bets=10,20&bets=50`) has no one meaning: refused, not the first taken
        for (const key of [...LAUNCH_SETTINGS, ...OTHER_SETTINGS]) {
            const given = input.getAll(key);
            if (given.length > 1) {
                throw new SettingsError(`given ${given.length} times; give it once`,
                    { code: "settings.duplicate", key, value: given.join(` & ${key}=`), params: { count: given.length } });
            }
        }
    }

    // a tag the game has not falls back by its primary subtag (es-MX: es), then to English
    const asked = get("lang") ?? FALLBACK;
    let lang = languageOf(asked);
    if (lang === null) {
        warn(`lang=${asked} has no table: English is shown`);
        lang = FALLBACK;
    }

    const jurisdiction = get("jurisdiction");
    let marketName = get("market");
    if (jurisdiction !== null) {
        const alias = jurisdiction.toLowerCase() || "default";
        if (marketName !== null && marketName !== alias) {
            throw new SettingsError(`disagrees with market=${marketName}`,
                { code: "settings.disagrees", key: "jurisdiction", value: jurisdiction, params: { market: marketName } });
        }
        marketName = alias;
    }
    marketName ??= "default";
    if (!Object.hasOwn(MARKETS, marketName)) {
        const markets = Object.keys(MARKETS).join(", ");
        throw new SettingsError(`not a market this game knows (${markets})`,
            { code: "settings.market", key: jurisdiction !== null ? "jurisdiction" : "market", value: marketName, params: { markets } });
    }
    const market = MARKETS[marketName];

    const currency = get("currency") ?? market.currency ?? "EUR";
    if (!/^[A-Z]{3}$/.test(currency)) throw new SettingsError("not an ISO 4217 code (three capital letters)",
        { code: "settings.currencyCode", key: "currency", value: currency });
    const digits = minorDigits(currency);
    if (digits === null) throw new SettingsError("not a currency this browser knows",
        { code: "settings.currencyUnknown", key: "currency", value: currency });
    const coins = Object.hasOwn(COINS, currency);
    if (market.social && !coins) {
        const coinCodes = Object.keys(COINS).join(", ");
        throw new SettingsError(`social play is in virtual coins (${coinCodes})`,
            { code: "settings.socialCoins", key: "currency", value: currency, params: { coins: coinCodes } });
    }
    if (coins && !market.social) throw new SettingsError("virtual coins are for market=social",
        { code: "settings.coinsNotSocial", key: "currency", value: currency });

    const switches = { ...market.switches };
    for (const name of SWITCHES) {
        const raw = get(name);
        if (raw === null) continue;
        if (raw !== "0" && raw !== "1") throw new SettingsError("a switch is 0 or 1", { code: "settings.switch", key: name, value: raw });
        switches[name] = /** @type {0 | 1} */ (Number(raw));
    }
    const minRoundRaw = get("minRound");
    const minRound = minRoundRaw === null ? market.minRound : integer("minRound", minRoundRaw, { max: 60_000 });

    const maxBetRaw = raw("maxBet");
    let maxBet = null;
    if (maxBetRaw !== null) maxBet = money("maxBet", maxBetRaw, { max: limits.stake });
    else if (market.maxBet) {
        maxBet = market.maxBet[currency] ?? null;
        if (maxBet === null) {
            const limited = Object.keys(market.maxBet).join(", ");
            throw new SettingsError(`market=${marketName} sets its stake limit in ${limited}; give maxBet in ${currency}`,
                { code: "settings.limitCurrency", key: "currency", value: currency, params: { market: marketName, currencies: limited } });
        }
    }

    const betsRaw = raw("bets");
    let bets;
    if (betsRaw !== null) {
        if (typeof betsRaw !== "string" || !/^[0-9]+(,[0-9]+)*$/.test(betsRaw)) {
            throw new SettingsError("not a comma-separated list of whole amounts in minor units",
                { code: "settings.betsList", key: "bets", value: String(betsRaw) });
        }
        bets = betsRaw.split(",").map((level) => money("bets", level, { max: limits.level }));
        if (maxBet !== null && bets.some((b) => b > maxBet)) {
            throw new SettingsError(`a level is above the stake limit ${maxBet}`,
                { code: "settings.aboveLimit", key: "bets", value: betsRaw, params: { limit: maxBet } });
        }
    } else {
        if (digits !== 2) {
            throw new SettingsError(`it has ${digits} minor digits, the model's bets are in 2: give bets`,
                { code: "settings.digits", key: "currency", value: currency, params: { digits } });
        }
        bets = model.bets.filter((b) => maxBet === null || b <= maxBet);
        if (!bets.length) throw new SettingsError("below every bet level",
            { code: "settings.belowLevels", key: "maxBet", value: String(maxBet) });
    }
    const betRaw = raw("bet");
    let bet;
    if (betRaw !== null) {
        bet = money("bet", betRaw, { max: limits.level });
        // (a configure message's bet may be a number: SettingsError writes any value with String)
        if (!bets.includes(bet)) throw new SettingsError(`not one of the levels ${bets.join(",")}`,
            { code: "settings.notLevel", key: "bet", value: /** @type {string} */ (betRaw), params: { levels: bets.join(",") } });
    } else {
        bet = bets.includes(model.default_bet) ? model.default_bet : bets[0];
    }

    const realityRaw = get("reality");
    let reality = market.reality;
    if (realityRaw !== null) {
        const minutes = /^[0-9]*\.?[0-9]+$/.test(realityRaw) ? Number(realityRaw) : NaN;
        const { min, max } = REALITY_MINUTES;
        if (!(minutes >= min && minutes <= max)) throw new SettingsError(`not a number of minutes from ${min} to ${max}`,
            { code: "settings.reality", key: "reality", value: realityRaw, params: { min, max } });
        reality = minutes;
        // a reality check reports the session: its time and net stay on screen too, unless
        // the address switches them off
        if (get("net") === null) switches.net = 1;
        if (get("clock") === null) switches.clock = 1;
    }

    let lobby = get("lobby");
    if (lobby !== null) {
        let url = null;
        try { url = new URL(lobby); } catch { /* not a URL */ }
        if (url === null || (url.protocol !== "https:" && url.protocol !== "http:")) {
            warn(`lobby=${lobby} is not an http(s) address: no Home link`);
            lobby = null;
        } else {
            lobby = url.href;
        }
    }

    // the marketing embed's two flags (poster.js, app.js): 0 or 1 like the switches
    const flags = /** @type {Record<"poster" | "ageGate", boolean>} */ ({}); // (both set just below)
    for (const name of /** @type {const} */ (["poster", "ageGate"])) {
        const raw = get(name) ?? "0";
        if (raw !== "0" && raw !== "1") throw new SettingsError("0 or 1", { code: "settings.flag", key: name, value: raw });
        flags[name] = raw === "1";
    }

    // debug=1: the operator's view of the info screen (the markets, the raw settings, the build)
    // and window.debugGame; anything else but 0 is the player's view, warned
    const debugRaw = get("debug") ?? "0";
    if (debugRaw !== "0" && debugRaw !== "1") warn(`debug=${debugRaw} is not 0 or 1: the player's view is shown`);
    const debug = debugRaw === "1";

    const demo = /** @type {DemoSetting} */ (get("demo") ?? ""); // (any other value is refused just below)
    if (!["", "0", "1", "feature"].includes(demo)) throw new SettingsError("not 0, 1 or feature",
        { code: "settings.demo", key: "demo", value: demo });

    // the starting balance of a page that plays on a record in memory (?demo=feature, ?scenario=):
    // never the player's saved game, whose balance it would overwrite (refused, nothing played)
    const balanceRaw = raw("balance");
    let balance = null;
    if (balanceRaw !== null) {
        balance = money("balance", balanceRaw, { min: 0, max: limits.balance });
        if (demo !== "feature" && get("scenario") === null) {
            throw new SettingsError(
                "a starting balance is for demo and scenario play only (?demo=feature, ?scenario=), never for the player's saved game",
                { code: "settings.balanceSaved", key: "balance", value: String(balanceRaw) });
        }
    }

    return Object.freeze({
        lang, dir: LANGUAGES[lang].dir, locale: LANGUAGES[lang].locale, currency, minorDigits: digits, coins,
        bets: Object.freeze(bets), bet, market: marketName, switches: Object.freeze(switches),
        minRound, maxBet, reality, lobby, demo, balance, debug, poster: flags.poster, ageGate: flags.ageGate,
        social: Boolean(market.social), stakeInfo: Boolean(market.stakeInfo),
        quietSmallWins: Boolean(market.quietSmallWins),
    });
}
