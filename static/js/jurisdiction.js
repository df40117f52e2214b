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
// Each profile: { name, label, minCycleMs, autoplay, turbo, slamStop, buy,
//   celebrateOnlyAboveStake, realityCheckMinutes, sessionClock, changes: [text, ...] }
//   minCycleMs               least time from one round's start to the next round's start
//   autoplay/turbo/slamStop/buy  whether that control exists (absent: API and embed refuse)
//   celebrateOnlyAboveStake  a win not above the round's stake gets no sound, roll-up or panel
//   realityCheckMinutes      null, or the minutes between reality checks
//   sessionClock             the session bar (elapsed time, net position) is on screen

export class ProfileError extends Error {}

const BASE = {
    minCycleMs: 0, autoplay: true, turbo: true, slamStop: true, buy: true,
    celebrateOnlyAboveStake: false, realityCheckMinutes: null, sessionClock: false,
};

export const PROFILES = {
    default: {
        ...BASE,
        name: "default",
        label: "Standard",
        changes: ["All controls: autoplay with stop conditions, quick spin, stopping the reels at once, buying the feature."],
    },
    uk: {
        ...BASE,
        name: "uk",
        label: "United Kingdom",
        minCycleMs: 2500,
        autoplay: false,
        turbo: false,
        slamStop: false,
        buy: false,
        celebrateOnlyAboveStake: true,
        realityCheckMinutes: 60,
        sessionClock: true,
        changes: [
            "Every round lasts at least 2.5 seconds from its start to the start of the next one.",
            "No autoplay, no quick spin, no stopping the reels early, no feature buy.",
            "A win that is not more than the stake is shown without sound, counting up or win panels.",
            "The time played and the net result of this session stay on screen.",
            "A reality check every 60 minutes pauses play and shows the session's figures.",
        ],
    },
};

const WHAT = {
    autoplay: "Autoplay",
    turbo: "Quick spin",
    slamStop: "Stopping the reels early",
    buy: "Buying the feature",
};

/** Why `feature` ("autoplay", "turbo", "slamStop", "buy") is refused under `profile`, or null. */
export function refusal(profile, feature) {
    if (profile[feature]) return null;
    return `${WHAT[feature] ?? feature} is not available under the ${profile.label} rules (?jurisdiction=${profile.name})`;
}

/** The profile named `name` (null/"" = default); ProfileError for an unknown name. */
export function profileNamed(name) {
    const key = String(name ?? "").trim().toLowerCase() || "default";
    if (!Object.hasOwn(PROFILES, key)) {
        throw new ProfileError(`the jurisdiction ${JSON.stringify(String(name))} is not one this game knows `
            + `(known: ${Object.keys(PROFILES).join(", ")}); nothing has been played`);
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
            throw new ProfileError(`?reality=${reality} is not a number of minutes between 0 and 1440; nothing has been played`);
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
    s.append(el("h3", "info-heading", "Rules by jurisdiction"));
    s.append(el("p", "info-note",
        `This game runs under the ${current.label} rules. An operator picks the rules with ?jurisdiction= in the page's address.`));
    const list = el("dl", "profile-list");
    for (const p of Object.values(PROFILES)) {
        const dt = el("dt", "profile-name", `${p.label} (${p.name === "default" ? "default" : `?jurisdiction=${p.name}`})`);
        if (p.name === current.name) {
            dt.append(el("span", "profile-current", " in force"));
            dt.dataset.current = "";
        }
        const dd = el("dd");
        const ul = el("ul");
        for (const text of p.changes) ul.append(el("li", "", text));
        dd.append(ul);
        list.append(dt, dd);
    }
    s.append(list);
    if (current.realityOverride) {
        s.append(el("p", "info-note", `A reality check comes every ${current.realityCheckMinutes} minutes (?reality=).`));
    }
    return s;
}
