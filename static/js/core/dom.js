// @ts-check
// Small DOM helpers shared by every module that builds elements.

/**
 * A new `tag` element with an optional class name and text content.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string | null} [className]
 * @param {unknown} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
}

/**
 * The element with this id (the page contract's ids are listed in docs/page-contract.md): typed
 * as the caller says (`byId<HTMLButtonElement>`), and as present, which index.html's ids are; a
 * caller asking for an element that may be absent (one the page adds later) checks for null.
 * @template {HTMLElement} [E=HTMLElement]
 * @param {string} id
 * @returns {E}
 */
export const byId = (id) => /** @type {E} */ (document.getElementById(id));

/** The image of a symbol: static/img/<symbol in lower case>.svg.
 *  @param {string} symbol @param {string} [base] @returns {string} */
export function symbolUrl(symbol, base = "./static/img/") {
    return `${base}${symbol.toLowerCase()}.svg`;
}

/** Whether a key pressed on `target` belongs to a control of its own (not the game's Space). */
/** @param {EventTarget | null} target @returns {boolean} */
export function interactive(target) {
    return target instanceof Element && !!target.closest("button, select, input, a, dialog, textarea");
}

/** The values of <html data-state> (docs/page-contract.md): tests and embedders wait on them. */
export const PageState = Object.freeze({
    LOADING: "loading", READY: "ready", PLAYING: "playing", ERROR: "error",
});
/** @typedef {typeof PageState[keyof typeof PageState]} PageStateName */

/** @returns {string | undefined} <html data-state> (a PageStateName once the page set it) */
export function pageState() {
    return document.documentElement.dataset.state;
}

/** Sets <html data-state>; `error` is final (the game cannot go on: a round's end, or a call
 *  the lost engine refused, does not take the page back to `ready` under its error screen). */
/** @param {PageStateName} state */
export function setPageState(state) {
    if (pageState() === PageState.ERROR) return;
    // The first `ready` is a mark on the page's timeline (compared with "reels-painted").
    if (state === PageState.READY && performance.getEntriesByName("ready", "mark").length === 0) {
        performance.mark("ready");
    }
    document.documentElement.dataset.state = state;
}

/** @type {Map<string, string>} <html lang> -> its --font-ui (a computed style is read once per language) */
const fonts = new Map();
/** The page's text font family (static/css/fonts.css `--font-ui`: a CJK language names its own
 *  fonts), for text drawn on a canvas or measured for an SVG; read again when <html lang> changes. */
/** @returns {string} */
export function uiFont() {
    const root = document.documentElement;
    let font = fonts.get(root.lang);
    if (font === undefined) {
        font = getComputedStyle(root).getPropertyValue("--font-ui").trim() || "system-ui, sans-serif";
        fonts.set(root.lang, font);
    }
    return font;
}

/** Resolves in a task after the next frame (or after 50 ms where no frame comes: a hidden
 *  page): a long piece of work split at it lets the page paint and answer input in between. */
/** @returns {Promise<void>} */
export function afterFrame() {
    return new Promise((resolve) => {
        let done = false;
        const go = () => { if (!done) { done = true; setTimeout(resolve, 0); } };
        if (typeof requestAnimationFrame === "function") requestAnimationFrame(go);
        setTimeout(go, 50);
    });
}
