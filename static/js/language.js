// The page's language and wording, chosen once at boot, before the first paint is shown.
// index.html and par.html load this module first; their <html data-lang-pending> keeps the
// body hidden (game.css/par.css) until the tables are applied, so nothing flickers in English.
//
// chooseLanguage is the one place the choice is made: today from ?lang= (en, de, ar) and
// ?wording=social; launch.js will call setLanguage(settings.lang) here instead.

import { setLanguage, setWording, translate } from "./i18n.js";

export async function chooseLanguage(search = location.search) {
    const params = new URLSearchParams(search);
    await setLanguage(params.get("lang") ?? "en");
    if (params.get("wording") === "social") await setWording("social");
}

/** Resolves once the tables are loaded and the page's marked text is in its language. */
export const languageReady = chooseLanguage()
    .catch((err) => console.warn(`the page's language could not be set: ${err?.message ?? err}`))
    .finally(() => {
        translate(document);
        document.documentElement.removeAttribute("data-lang-pending");
    });
