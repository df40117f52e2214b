// @ts-check
// The rules a round plays under (the "profile"), built from the launch settings (launch.js):
// the market's preset with the switches the operator set. The controls, the controller and
// the session clock read it; nothing else decides what is allowed.
//
//   import { profileOf, refusal, inForceSection, operatorSection } from "./jurisdiction.js";
//   const profile = profileOf(settings);
//   if (!profile.autoplay) throw new Error(refusal(profile, "autoplay"));
//
// Each profile: { name, label, the switches (autoplay, turbo, slamstop, spacebar, buy, net,
//   clock, rtp), minRound, maxBet, stakeInfo, social, quietSmallWins, reality, sessionClock,
//   realityOverride }: every rule by the one name it has from the address (launch.js SWITCHES
//   and readSettings) to here. Its name is the market's (launch.js MARKETS, the one list of
//   them), its label the tables' jur.NAME (in the player's language); what a market changes is
//   said in the words of its switches (inForceLines), so a market has no sentences of its own.
//   autoplay/turbo/slamstop/buy  whether that control exists (absent: API and embed refuse)
//   spacebar                 whether Space (and Enter) on the page starts a round
//   net, clock               the session bar's net position, its time played
//   rtp                      the info screen shows the return to player
//   minRound                 least time (ms) from one round's start to the next round's start
//   maxBet                   the stake limit in minor units (null: none)
//   quietSmallWins           a win not above the round's stake gets no sound, roll-up or panel
//   reality                  null, or the minutes between reality checks
//   sessionClock             the session bar is on screen (net or clock on)

import { MARKETS, SWITCHES, minorDigitsOf, sessionBarShown } from "./launch.js";

import { has, plural, t } from "../lang/i18n.js";
import { locale, numberFormat } from "../lang/numbers.js";
import { section } from "../ui/info.js";

/** @typedef {import("./launch.js").Settings} Settings */
/** @typedef {import("./launch.js").SwitchName} SwitchName */
/** Writes an amount in minor units as the HUD does (money.js makeFormat).
 *  @typedef {(minor: number) => string} Format */
/**
 * What a profile and a preset's rules share: each switch on or off, and the rest (above).
 * @typedef {Readonly<Record<SwitchName, boolean>> & {
 *     readonly name: string, readonly minRound: number, readonly stakeInfo: boolean,
 *     readonly social: boolean, readonly quietSmallWins: boolean, readonly reality: number | null,
 * }} Rules
 */
/**
 * The rules a round plays under (profileOf; the fields are listed above): the preset's, with
 * the launch's switches; `maxBet` in minor units of the launch's currency (null: none), `label`
 * (its name in the player's language), `sessionClock` (the session bar is on screen) and
 * `realityOverride` (the reality check is not the market's own).
 * @typedef {Rules & {
 *     readonly maxBet: number | null, readonly label: string, readonly sessionClock: boolean, readonly realityOverride: boolean,
 * }} Profile
 */
/** A market's rules as its preset sets them (presetProfile): its stake limit per currency it names.
 *  @typedef {Rules & { readonly maxBet: import("./launch.js").Market["maxBet"] }} PresetProfile */
/** The rules a round in progress keeps (ROUND_RULES; saved with it as `pending.rules`).
 *  @typedef {{ readonly minRound: number, readonly slamstop: boolean, readonly quietSmallWins: boolean }} RoundRules */
/** What refusal asks about: a feature whose control may be absent.
 *  @typedef {"autoplay" | "turbo" | "slamstop" | "buy"} Feature */
/** A line of inForceLines: the setting it is about (li[data-setting]) and its sentence.
 *  @typedef {[setting: string, text: string]} InForceLine */

/** The profile's name in the player's language (the tables' jur.NAME).
 *  @param {{ readonly name: string }} profile
 *  @returns {string} */
export const labelOf = (profile) => t(`jur.${profile.name}`);

/** The rules of a round under `settings` (launch.js readSettings), as a new object.
 *  @param {Settings} settings
 *  @returns {Profile} */
export function profileOf(settings) {
    const market = MARKETS[settings.market];
    const s = settings.switches;
    return {
        name: settings.market,
        get label() { return labelOf(this); },
        .../** @type {Record<SwitchName, boolean>} */ (Object.fromEntries(SWITCHES.map((name) => [name, Boolean(s[name])]))),
        minRound: settings.minRound,
        maxBet: settings.maxBet,
        stakeInfo: settings.stakeInfo,
        social: settings.social,
        quietSmallWins: settings.quietSmallWins,
        reality: settings.reality,
        sessionClock: sessionBarShown(settings),
        realityOverride: settings.reality !== market.reality,
    };
}

/** The rules a round in progress keeps (saved with it: docs/save-format.md, `pending.rules`):
 *  how its reveal plays and when the next round may start, whatever the game is launched with
 *  next.
 *  @type {ReadonlyArray<keyof RoundRules>} */
export const ROUND_RULES = Object.freeze(["minRound", "slamstop", "quietSmallWins"]);

/** A round's rules under `profile`.
 *  @param {RoundRules} profile  a Profile (or a round's own rules with its name: controller.js)
 *  @returns {RoundRules} */
export function roundRules(profile) {
    return /** @type {RoundRules} */ (Object.fromEntries(ROUND_RULES.map((name) => [name, profile[name]])));
}

/** The round rules of a market's preset: those of a record written before rules were kept.
 *  @param {string} name  a key of MARKETS
 *  @returns {RoundRules} */
export function presetRules(name) {
    const m = MARKETS[name];
    return { minRound: m.minRound, slamstop: Boolean(m.switches.slamstop), quietSmallWins: Boolean(m.quietSmallWins) };
}

/** Whether `rules` is a round's rules as roundRules writes them.
 *  @param {unknown} rules  read from a saved record: anything JSON holds
 *  @returns {rules is RoundRules} */
export function isRoundRules(rules) {
    const r = /** @type {Partial<Record<keyof RoundRules, unknown>>} */ (rules); // (read only once it is an object)
    return rules !== null && typeof rules === "object" && !Array.isArray(rules)
        && Object.keys(rules).sort().join() === [...ROUND_RULES].sort().join()
        && Number.isSafeInteger(r.minRound) && /** @type {number} */ (r.minRound) >= 0 && /** @type {number} */ (r.minRound) <= 60_000
        && typeof r.slamstop === "boolean" && typeof r.quietSmallWins === "boolean";
}

/** Why `feature` ("autoplay", "turbo", "slamstop", "buy") is refused under `profile`, or null.
 *  @param {{ readonly name: string } & Readonly<Partial<Record<Feature, boolean>>>} profile  a Profile, or the rules
 *      of the round on screen with its name (controller.js roundProfile): a feature it does not name is refused
 *  @param {Feature} feature
 *  @returns {string | null} */
export function refusal(profile, feature) {
    if (profile[feature]) return null;
    const what = has(`jur.what.${feature}`) ? t(`jur.what.${feature}`) : feature;
    return t("refuse.notAvailable", { what, rules: labelOf(profile), name: profile.name });
}

/** A new `tag` element with an optional class name and text.
 *  @template {keyof HTMLElementTagNameMap} K
 *  @param {K} tag
 *  @param {string} [cls]
 *  @param {string} [text]
 *  @returns {HTMLElementTagNameMap[K]} */
function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
}

/** A number as the player's language writes it (2.5 -> "2,5" in German).
 *  @param {number} n */
const number = (n) => numberFormat({ maximumFractionDigits: 2 }).format(n);

/** What the rules of `profile` allow, one sentence each in the player's words (the tables'
 *  info.now.*), as [setting, text] pairs in the order the info screen lists them. `bets`: the
 *  levels in force (none: no line for them); `format(minor)` writes an amount as the HUD does,
 *  `limit` the stake limit (default: format(profile.maxBet)).
 *  @param {Profile | PresetProfile} profile
 *  @param {{ bets?: ReadonlyArray<number> | null, format?: Format, limit?: string }} [options]
 *  @returns {InForceLine[]} */
export function inForceLines(profile, {
    bets = null, format = String,
    // (with no limit, null, the line that names it is not written; a preset's, per currency, comes with `limit`)
    limit = format(/** @type {number} */ (profile.maxBet)),
} = {}) {
    /** @type {InForceLine[]} */
    const lines = [];
    /** @param {string} setting @param {string} text */
    const line = (setting, text) => lines.push([setting, text]);
    /** @param {string} setting @param {boolean} on */
    const onOff = (setting, on) => line(setting, t(`info.now.${setting}.${on ? "on" : "off"}`));

    if (profile.social) line("coins", t("info.now.coins"));
    if (bets) {
        line("bets", bets.length === 1 ? t("info.now.oneBet", { bet: format(bets[0]) })
            : t("info.now.bets", { low: format(bets[0]), high: format(bets[bets.length - 1]) }));
    }
    if (profile.maxBet !== null) line("maxBet", t("info.now.limit", { limit }));
    if (profile.stakeInfo) line("stakeInfo", t("info.now.stakeInfo"));
    const seconds = profile.minRound / 1000;
    line("minRound", seconds > 0 ? plural("info.now.cycle", seconds, { count: number(seconds) }) : t("info.now.noCycle"));
    onOff("autoplay", profile.autoplay);
    onOff("turbo", profile.turbo);
    onOff("slamstop", profile.slamstop);
    onOff("buy", profile.buy);
    onOff("spacebar", profile.spacebar);
    if (profile.quietSmallWins) line("quiet", t("info.now.quiet"));
    if (profile.net || profile.clock) {
        line("session", t(`info.now.session.${profile.net && profile.clock ? "both" : profile.net ? "net" : "clock"}`));
    }
    const minutes = profile.reality;
    line("reality", minutes !== null ? plural("info.now.reality", minutes, { count: number(minutes) }) : t("info.now.noReality"));
    return lines;
}

/** A list item of a line of inForceLines: "Autoplay: available ...", the name before the first
 *  colon set apart, to scan by.
 *  @param {InForceLine} line
 *  @param {string} cls
 *  @returns {HTMLLIElement} */
function lineItem([setting, text], cls) {
    const li = el("li", cls);
    li.dataset.setting = setting;
    const at = text.indexOf(": ");
    if (at > 0) li.append(el("strong", "info-in-force-name", text.slice(0, at + 1)), text.slice(at + 1));
    else li.textContent = text;
    return li;
}

/** The info screen's section for the player: what the rules in force allow, one sentence each
 *  (inForceLines; li[data-setting]), for this market only and in words, never by the names of
 *  the address. `format(minor)` writes an amount as the HUD does.
 *  @param {Profile} profile
 *  @param {Pick<Settings, "bets">} settings
 *  @param {Format} format
 *  @returns {HTMLElement} */
export function inForceSection(profile, settings, format) {
    const s = section(t("info.now.title"), "info-in-force");
    const list = el("ul", "info-in-force-list");
    list.append(...inForceLines(profile, { bets: settings.bets, format }).map((line) => lineItem(line, "info-in-force-item")));
    s.append(list);
    return s;
}

/** The rules of the market `name` as its preset sets them (launch.js MARKETS): the profile of
 *  an address naming that market alone.
 *  @param {string} name  a key of MARKETS
 *  @returns {PresetProfile} */
export function presetProfile(name) {
    const m = MARKETS[name];
    return {
        name, .../** @type {Record<SwitchName, boolean>} */ (Object.fromEntries(SWITCHES.map((s) => [s, Boolean(m.switches[s])]))),
        minRound: m.minRound,
        maxBet: m.maxBet, stakeInfo: Boolean(m.stakeInfo), social: Boolean(m.social), quietSmallWins: Boolean(m.quietSmallWins),
        reality: m.reality,
    };
}

/** A preset's stake limit in each currency it names ({EUR: 100}: "€1.00"), in the page's locale.
 *  (A preset names only currencies the browser knows: minorDigitsOf is never null here.)
 *  @param {import("./launch.js").Market["maxBet"]} maxBet
 *  @returns {string} */
const limitOf = (maxBet) => Object.entries(maxBet ?? {}).map(([currency, minor]) =>
    new Intl.NumberFormat(locale(), { style: "currency", currency })
        .format(minor / 10 ** /** @type {number} */ (minorDigitsOf(currency)))).join(", ");

/** What the market `name` changes, in its switches' words: the default market's every line, any
 *  other's lines that differ from the default's.
 *  @param {string} name  a key of MARKETS
 *  @returns {InForceLine[]} */
export function marketChanges(name) {
    /** @param {string} n */
    const lines = (n) => inForceLines(presetProfile(n), { limit: limitOf(MARKETS[n].maxBet) });
    const usual = new Set(lines("default").map(([, text]) => text));
    return name === "default" ? lines(name) : lines(name).filter(([, text]) => !usual.has(text));
}

/** The info screen's section for the operator, under ?debug=1 only (launch.js `debug`): every
 *  market and what it changes, which one is in force and how an address picks it, every
 *  launch setting by its address name, and the build. A player never sees any of it.
 *  @param {Profile} current
 *  @param {Settings} settings
 *  @returns {HTMLElement} */
export function operatorSection(current, settings) {
    const s = section(t("jur.operator"), "info-operator");
    s.append(el("p", "info-note", t("jur.operatorNote")));
    // the build stamp `make dist` writes into the page (<meta name="version">; "dev" unbuilt)
    const version = /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="version"]'))?.content;
    if (version) s.append(el("p", "info-note info-version", t("info.version", { version })));
    s.append(el("h4", "info-subheading", t("jur.heading")));
    s.append(el("p", "info-note", t("jur.note", { rules: labelOf(current) })));
    const list = el("dl", "profile-list");
    for (const name of Object.keys(MARKETS)) {
        const how = name === "default" ? t("jur.default.tag") : `?market=${name}`;
        const dt = el("dt", "profile-name", `${labelOf({ name })} (\u2066${how}\u2069)`); // ?market=uk read left to right in Arabic too
        if (name === current.name) {
            dt.append(el("span", "profile-current", t("jur.inForce")));
            dt.dataset.current = "";
        }
        const dd = el("dd", "profile-changes");
        const ul = el("ul");
        ul.append(...marketChanges(name).map((line) => lineItem(line, "profile-change")));
        dd.append(ul);
        list.append(dt, dd);
    }
    s.append(list);
    if (current.realityOverride && current.reality !== null) {
        s.append(el("p", "info-note", plural("jur.reality", current.reality, { count: number(current.reality) })));
    }
    s.append(el("h4", "info-subheading", t("jur.settings")), settingsTable(settings));
    return s;
}

/** Every launch setting in force by its address name (#info-settings, a tr[data-setting]
 *  each), for the operator's view.
 *  @param {Settings} settings
 *  @returns {HTMLTableElement} */
function settingsTable(settings) {
    const table = el("table", "settings-table");
    table.id = "info-settings";
    const rows = [
        ["lang", settings.lang], ["currency", settings.currency], ["market", settings.market],
        ["bets", settings.bets.join(",")], ["bet", String(settings.bet)],
        ...Object.entries(settings.switches).map(([k, v]) => [k, String(v)]),
        ["minRound", String(settings.minRound)], ["maxBet", settings.maxBet === null ? t("jur.none") : String(settings.maxBet)],
        ["reality", settings.reality === null ? t("jur.none") : String(settings.reality)],
        ["lobby", settings.lobby ?? t("jur.none")],
    ];
    for (const [k, v] of rows) {
        const tr = el("tr");
        tr.dataset.setting = k;
        tr.append(el("th", "", k), el("td", "", v));
        table.append(tr);
    }
    return table;
}
