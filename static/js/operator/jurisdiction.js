// The rules a round plays under (the "profile"), built from the launch settings (launch.js):
// the market's preset with the switches the operator set. The controls, the controller and
// the session clock read it; nothing else decides what is allowed.
//
//   import { profileOf, PROFILES, refusal, inForceSection, operatorSection } from "./jurisdiction.js";
//   const profile = profileOf(settings);
//   if (!profile.autoplay) throw new Error(refusal(profile, "autoplay"));
//
// Each profile: { name, label, the switches (autoplay, turbo, slamstop, spacebar, buy, net,
//   clock, rtp), minRound, maxBet, stakeInfo, social, quietSmallWins, reality, sessionClock,
//   realityOverride, changes }: every rule by the one name it has from the address (launch.js
//   SWITCHES and readSettings) to here. Its label is the tables' jur.NAME (in the player's
//   language), and its `changes` (a count) the texts jur.NAME.1 to jur.NAME.<changes>.
//   autoplay/turbo/slamstop/buy  whether that control exists (absent: API and embed refuse)
//   spacebar                 whether Space (and Enter) on the page starts a round
//   net, clock               the session bar's net position, its time played
//   rtp                      the info screen shows the return to player
//   minRound                 least time (ms) from one round's start to the next round's start
//   maxBet                   the stake limit in minor units (null: none)
//   quietSmallWins           a win not above the round's stake gets no sound, roll-up or panel
//   reality                  null, or the minutes between reality checks
//   sessionClock             the session bar is on screen (net or clock on)

import { MARKETS, SWITCHES, sessionBarShown } from "./launch.js";

import { has, plural, t } from "../lang/i18n.js";
import { numberFormat } from "../lang/numbers.js";
import { section } from "../ui/info.js";

/** What each market is called and what it changes, for the info screen. */
export const PROFILES = {
    default: {
        name: "default",
        changes: 1,
    },
    uk: {
        name: "uk",
        changes: 5,
    },
    de: {
        name: "de",
        changes: 4,
    },
    social: {
        name: "social",
        changes: 2,
    },
};

/** The profile's name in the player's language (the tables' jur.NAME). */
export const labelOf = (profile) => t(`jur.${profile.name}`);

/** The rules of a round under `settings` (launch.js readSettings), as a new object. */
export function profileOf(settings) {
    const market = MARKETS[settings.market];
    const s = settings.switches;
    return {
        ...PROFILES[settings.market],
        get label() { return labelOf(this); },
        ...Object.fromEntries(SWITCHES.map((name) => [name, Boolean(s[name])])),
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
 *  next. */
export const ROUND_RULES = Object.freeze(["minRound", "slamstop", "quietSmallWins"]);

/** A round's rules under `profile`. */
export function roundRules(profile) {
    return Object.fromEntries(ROUND_RULES.map((name) => [name, profile[name]]));
}

/** The round rules of a market's preset: those of a record written before rules were kept. */
export function presetRules(name) {
    const m = MARKETS[name];
    return { minRound: m.minRound, slamstop: Boolean(m.switches.slamstop), quietSmallWins: Boolean(m.quietSmallWins) };
}

/** Whether `rules` is a round's rules as roundRules writes them. */
export function isRoundRules(rules) {
    return rules !== null && typeof rules === "object" && !Array.isArray(rules)
        && Object.keys(rules).sort().join() === [...ROUND_RULES].sort().join()
        && Number.isSafeInteger(rules.minRound) && rules.minRound >= 0 && rules.minRound <= 60_000
        && typeof rules.slamstop === "boolean" && typeof rules.quietSmallWins === "boolean";
}

/** Why `feature` ("autoplay", "turbo", "slamstop", "buy") is refused under `profile`, or null. */
export function refusal(profile, feature) {
    if (profile[feature]) return null;
    const what = has(`jur.what.${feature}`) ? t(`jur.what.${feature}`) : feature;
    return t("refuse.notAvailable", { what, rules: labelOf(profile), name: profile.name });
}

function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
}

/** A number as the player's language writes it (2.5 -> "2,5" in German). */
const number = (n) => numberFormat({ maximumFractionDigits: 2 }).format(n);

/** The info screen's section for the player: what the rules in force allow, one sentence each
 *  (the tables' info.now.*; li[data-setting]), for this market only and in words, never by
 *  the names of the address. `format(minor)` writes an amount as the HUD does. */
export function inForceSection(profile, settings, format) {
    const s = section(t("info.now.title"), "info-in-force");
    const list = el("ul", "info-in-force-list");
    const line = (setting, text) => {
        const li = el("li", "info-in-force-item");
        li.dataset.setting = setting;
        // "Autoplay: available ...": the name before the first colon stands out, to scan by
        const at = text.indexOf(": ");
        if (at > 0) li.append(el("strong", "info-in-force-name", text.slice(0, at + 1)), text.slice(at + 1));
        else li.textContent = text;
        list.append(li);
    };
    const onOff = (setting, on) => line(setting, t(`info.now.${setting}.${on ? "on" : "off"}`));

    if (profile.social) line("coins", t("info.now.coins"));
    const bets = settings.bets;
    line("bets", bets.length === 1 ? t("info.now.oneBet", { bet: format(bets[0]) })
        : t("info.now.bets", { low: format(bets[0]), high: format(bets[bets.length - 1]) }));
    if (profile.maxBet !== null) line("maxBet", t("info.now.limit", { limit: format(profile.maxBet) }));
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
    line("reality", minutes !== null
        ? plural("info.now.reality", minutes, { count: number(minutes) })
        : t("info.now.noReality"));
    s.append(list);
    return s;
}

/** The info screen's section for the operator, under ?debug=1 only (launch.js `debug`): every
 *  market and what it changes, which one is in force and how an address picks it, every
 *  launch setting by its address name, and the build. A player never sees any of it. */
export function operatorSection(current, settings) {
    const s = section(t("jur.operator"), "info-operator");
    s.append(el("p", "info-note", t("jur.operatorNote")));
    // the build stamp `make dist` writes into the page (<meta name="version">; "dev" unbuilt)
    const version = document.querySelector('meta[name="version"]')?.content;
    if (version) s.append(el("p", "info-note info-version", t("info.version", { version })));
    s.append(el("h4", "info-subheading", t("jur.heading")));
    s.append(el("p", "info-note", t("jur.note", { rules: labelOf(current) })));
    const list = el("dl", "profile-list");
    for (const p of Object.values(PROFILES)) {
        const how = p.name === "default" ? t("jur.default.tag") : `?market=${p.name}`;
        const dt = el("dt", "profile-name", `${labelOf(p)} (\u2066${how}\u2069)`); // ?market=uk read left to right in Arabic too
        if (p.name === current.name) {
            dt.append(el("span", "profile-current", t("jur.inForce")));
            dt.dataset.current = "";
        }
        const dd = el("dd", "profile-changes");
        const ul = el("ul");
        for (let i = 1; i <= p.changes; i++) ul.append(el("li", "", t(`jur.${p.name}.${i}`)));
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
 *  each), for the operator's view. */
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
