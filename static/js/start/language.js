// @ts-check
// The page's language and wording, chosen once at boot, before the first paint is shown.
// index.html and par.html load this module first; their <html data-lang-pending> keeps the
// body hidden (game.css/par.css) until the tables are applied, so nothing flickers in English.
//
// chooseLanguage is the one place the choice is made, from the launch settings of the address
// (launch.js): `lang` as readSettings reads it (en, de, ar; an unknown code is English, with a
// console warning), and the social (sweepstakes) wording under market=social (or its older
// name jurisdiction=social). `?wording=social` alone gives that wording too (tests, previews).
// A bad value of any other setting does not matter here: app.js refuses it on its own screen,
// which is then in the chosen language.

import { MARKETS } from "../operator/launch.js";
import { englishReady, setLanguage, setWording, translate, useSections } from "../lang/i18n.js";
import { reportDownloadFailure } from "./startup.js";

/** The language and wording of a query string: `{ lang, social }` (lang not yet checked). */
export function languageOf(search = location.search) {
    const params = new URLSearchParams(search);
    const lang = (params.get("lang")?.trim() ?? "en").toLowerCase() || "en";
    const jurisdiction = params.get("jurisdiction")?.trim();
    const market = params.get("market")?.trim() ?? (jurisdiction ? jurisdiction.toLowerCase() : "default");
    const social = (Object.hasOwn(MARKETS, market) && Boolean(MARKETS[market].social)) || params.get("wording") === "social";
    return { lang, social };
}

export async function chooseLanguage(search = location.search) {
    const { lang, social } = languageOf(search);
    // the page's own sections of the tables (par.html: "par", static/i18n/par/)
    const sections = document.documentElement.dataset.i18nSections?.split(/\s+/).filter(Boolean) ?? [];
    if (sections.length) await useSections(sections);
    await setLanguage(lang); // an unknown code: English, warned (as readSettings does)
    if (social) await setWording("social");
}

/** Links marked data-keep-query (the game's link to the PAR page, and the PAR page's way back)
 *  carry the page's launch settings, so the other page opens in the same language, wording and
 *  market, and the way back is the same game; only `poster` is left out (the game itself, not
 *  its poster, is wanted). */
export function keepQuery(root = document, search = location.search) {
    const params = new URLSearchParams(search);
    params.delete("poster");
    const query = params.toString();
    for (const link of root.querySelectorAll("a[data-keep-query]")) {
        const href = (link.getAttribute("href") ?? "").split("?")[0]; // (the selector's links have one)
        link.setAttribute("href", query ? `${href}?${query}` : href);
    }
}

/** Resolves once the tables are loaded and the page's marked text is in its language. English,
 *  every table's fallback, not coming after its tries is a failed download like a module's
 *  (startup.js): the page keeps index.html's own English words and shows its error screen. */
export const languageReady = chooseLanguage()
    .catch((err) => console.warn(`the page's language could not be set: ${err?.message ?? err}`))
    .then(() => englishReady.then(() => true, (err) => {
        reportDownloadFailure(err?.file ?? "static/i18n/en.json");
        return false;
    }))
    .then((english) => {
        if (english) translate(document);
        keepQuery(document);
        document.documentElement.removeAttribute("data-lang-pending");
    });
