// The rules a round plays under (the "profile"), built from the launch settings (launch.js):
// the market's preset with the switches the operator set. The controls, the controller and
// the session clock read it; nothing else decides what is allowed.
//
//   import { profileOf, PROFILES, refusal, profilesSection } from "./jurisdiction.js";
//   const profile = profileOf(settings);
//   if (!profile.autoplay) throw new Error(refusal(profile, "autoplay"));
//
// Each profile: { name, label, minCycleMs, autoplay, turbo, slamStop, spacebar, buy, net,
//   clock, rtp, maxBet, stakeInfo, social, celebrateOnlyAboveStake, realityCheckMinutes,
//   sessionClock, changes }: its label is the tables' jur.NAME (in the player's language), and
//   its `changes` (a count) the texts jur.NAME.1 to jur.NAME.<changes>
//   minCycleMs               least time from one round's start to the next round's start
//   autoplay/turbo/slamStop/buy  whether that control exists (absent: API and embed refuse)
//   spacebar                 whether Space (and Enter) on the page starts a round
//   net, clock               the session bar's net position, its time played
//   rtp                      the info screen shows the return to player
//   maxBet                   the stake limit in minor units (null: none)
//   celebrateOnlyAboveStake  a win not above the round's stake gets no sound, roll-up or panel
//   realityCheckMinutes      null, or the minutes between reality checks
//   sessionClock             the session bar is on screen (net or clock on)

import { MARKETS } from "./launch.js";

import { has, t } from "./i18n.js";

export class ProfileError extends Error {}

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
        minCycleMs: settings.minRound,
        autoplay: Boolean(s.autoplay),
        turbo: Boolean(s.turbo),
        slamStop: Boolean(s.slamstop),
        spacebar: Boolean(s.spacebar),
        buy: Boolean(s.buy),
        net: Boolean(s.net),
        clock: Boolean(s.clock),
        rtp: Boolean(s.rtp),
        maxBet: settings.maxBet,
        stakeInfo: settings.stakeInfo,
        social: settings.social,
        celebrateOnlyAboveStake: Boolean(market.quietSmallWins),
        realityCheckMinutes: settings.reality,
        sessionClock: Boolean(s.net || s.clock || settings.reality !== null),
        realityOverride: settings.reality !== market.reality,
    };
}

/** The rules a saved round in progress keeps (docs/save-format.md, `pending.rules`): how its
 *  reveal plays and when the next round may start, whatever the game is launched with next. */
export function roundRules(profile) {
    return { minCycleMs: profile.minCycleMs, slamStop: profile.slamStop, celebrateOnlyAboveStake: profile.celebrateOnlyAboveStake };
}

/** The round rules of a market's preset: those of a record written before rules were kept. */
export function presetRules(name) {
    const m = MARKETS[name];
    return { minCycleMs: m.minRound, slamStop: Boolean(m.switches.slamstop), celebrateOnlyAboveStake: Boolean(m.quietSmallWins) };
}

/** Whether `rules` is a round's rules as roundRules writes them. */
export function isRoundRules(rules) {
    return rules !== null && typeof rules === "object" && !Array.isArray(rules)
        && Object.keys(rules).sort().join() === "celebrateOnlyAboveStake,minCycleMs,slamStop"
        && Number.isSafeInteger(rules.minCycleMs) && rules.minCycleMs >= 0 && rules.minCycleMs <= 60_000
        && typeof rules.slamStop === "boolean" && typeof rules.celebrateOnlyAboveStake === "boolean";
}


/** Why `feature` ("autoplay", "turbo", "slamStop", "buy") is refused under `profile`, or null. */
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

/** The info screen's section: every market, what it changes, which one is in force, and the
 *  settings the game was launched with. */
export function profilesSection(current, settings) {
    const s = el("section", "info-section info-profiles");
    s.append(el("h3", "info-heading", t("jur.heading")));
    s.append(el("p", "info-note", t("jur.note", { rules: labelOf(current) })));
    const list = el("dl", "profile-list");
    for (const p of Object.values(PROFILES)) {
        const how = p.name === "default" ? t("jur.default.tag") : `?market=${p.name}`;
        const dt = el("dt", "profile-name", `${labelOf(p)} (${how})`);
        if (p.name === current.name) {
            dt.append(el("span", "profile-current", t("jur.inForce")));
            dt.dataset.current = "";
        }
        const dd = el("dd");
        const ul = el("ul");
        for (let i = 1; i <= p.changes; i++) ul.append(el("li", "", t(`jur.${p.name}.${i}`)));
        dd.append(ul);
        list.append(dt, dd);
    }
    s.append(list);
    if (current.realityOverride && current.realityCheckMinutes !== null) {
        s.append(el("p", "info-note", t("jur.reality", { minutes: current.realityCheckMinutes })));
    }
    if (settings) {
        // for the operator: the settings by their address names (bets, buy, ...), folded away,
        // so a player (under the social wording too) reads none of them unless they open it
        const fold = el("details", "settings-fold");
        fold.append(el("summary", "", t("jur.settings")), settingsTable(settings));
        s.append(fold);
    }
    return s;
}

/** Every launch setting in force, as the info screen lists it (#info-settings, under the
 *  summary "Settings in force"). */
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
