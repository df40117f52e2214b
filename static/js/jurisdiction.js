// Jurisdiction profiles: the same game under stricter rules, chosen by the operator in the URL.
//
//   import { profileFromUrl, PROFILES, refusal, profilesSection } from "./jurisdiction.js";
//   const profile = profileFromUrl(location.search);  // throws ProfileError on a bad parameter
//   if (!profile.autoplay) throw new Error(refusal(profile, "autoplay"));
//
// `?jurisdiction=NAME` picks a profile by name (case does not matter; absent or empty: "default",
// which allows everything). An unknown name is REFUSED (ProfileError, the page shows its error
// screen and plays nothing): a typo must not silently drop an operator into a market's looser
// rules. `?reality=N` (minutes, a number > 0, e.g. 0.05) sets the reality-check interval under
// any profile (and with it the session bar); under "uk" it replaces the 60 minutes.
//
// Each profile: { name, minCycleMs, autoplay, turbo, slamStop, buy,
//   celebrateOnlyAboveStake, realityCheckMinutes, sessionClock, changes }: its label is the
//   tables' jur.NAME, and its `changes` texts jur.NAME.1 to jur.NAME.<changes>
//   minCycleMs               least time from one round's start to the next round's start
//   autoplay/turbo/slamStop/buy  whether that control exists (absent: API and embed refuse)
//   celebrateOnlyAboveStake  a win not above the round's stake gets no sound, roll-up or panel
//   realityCheckMinutes      null, or the minutes between reality checks
//   sessionClock             the session bar (elapsed time, net position) is on screen

import { has, t } from "./i18n.js";

export class ProfileError extends Error {}

const BASE = {
    minCycleMs: 0, autoplay: true, turbo: true, slamStop: true, buy: true,
    celebrateOnlyAboveStake: false, realityCheckMinutes: null, sessionClock: false,
};

export const PROFILES = {
    default: {
        ...BASE,
        name: "default",
        changes: 1,
    },
    uk: {
        ...BASE,
        name: "uk",
        minCycleMs: 2500,
        autoplay: false,
        turbo: false,
        slamStop: false,
        buy: false,
        celebrateOnlyAboveStake: true,
        realityCheckMinutes: 60,
        sessionClock: true,
        changes: 5,
    },
};

/** The profile's name in the player's language (the tables' jur.NAME). */
export const labelOf = (profile) => t(`jur.${profile.name}`);

/** Why `feature` ("autoplay", "turbo", "slamStop", "buy") is refused under `profile`, or null. */
export function refusal(profile, feature) {
    if (profile[feature]) return null;
    const what = has(`jur.what.${feature}`) ? t(`jur.what.${feature}`) : feature;
    return t("refuse.notAvailable", { what, rules: labelOf(profile), name: profile.name });
}

/** The profile named `name` (null/"" = default); ProfileError for an unknown name. */
export function profileNamed(name) {
    const key = String(name ?? "").trim().toLowerCase() || "default";
    if (!Object.hasOwn(PROFILES, key)) {
        throw new ProfileError(t("jur.unknown", { name: JSON.stringify(String(name)), known: Object.keys(PROFILES).join(", ") }));
    }
    return PROFILES[key];
}

/** The profile of a query string (`?jurisdiction=`, `?reality=`), as a new object. */
export function profileFromUrl(search) {
    const params = new URLSearchParams(search);
    const profile = { ...profileNamed(params.get("jurisdiction")) };
    const reality = params.get("reality");
    if (reality !== null) {
        const minutes = /^\s*\d*\.?\d+\s*$/.test(reality) ? Number(reality) : NaN;
        if (!(minutes > 0 && minutes <= 24 * 60)) {
            throw new ProfileError(t("jur.badReality", { value: reality }));
        }
        profile.realityCheckMinutes = minutes;
        profile.sessionClock = true;
        profile.realityOverride = true;
    }
    return profile;
}

function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
}

/** The info screen's section: every profile, what it changes, and which one is in force. */
export function profilesSection(current) {
    const s = el("section", "info-section info-profiles");
    s.append(el("h3", "info-heading", t("jur.heading")));
    s.append(el("p", "info-note", t("jur.note", { rules: labelOf(current) })));
    const list = el("dl", "profile-list");
    for (const p of Object.values(PROFILES)) {
        const how = p.name === "default" ? t("jur.default.tag") : `?jurisdiction=${p.name}`;
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
    if (current.realityOverride) {
        s.append(el("p", "info-note", t("jur.reality", { minutes: current.realityCheckMinutes })));
    }
    return s;
}
