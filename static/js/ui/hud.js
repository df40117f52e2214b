// @ts-check
// The HTML controls around the canvas: balance, bet, win, spin, buy, feature bar, messages.
// It shows the numbers it is given (minor units, written by the launch's format: core/money.js) and
// reports clicks as events ("spin", "buy", "bet" {bet}, "topUp", "info", "mute", "turbo",
// "history"); the page (app.js) decides what they do.

import { CountUp } from "./countup.js";
import { symbolUrl } from "../core/dom.js";
import { Emitter } from "../core/emitter.js";
import { plural, t } from "../lang/i18n.js";

/** @typedef {import("../../../types/game").Model} Model */
/** @typedef {import("../../../types/game").Offer} Offer */
/** An amount in minor units as the launch writes it (core/money.js makeFormat).
 *  @typedef {(minor: number) => string} Format */
/** What the spin button does now (Hud.setSpinMode).
 *  @typedef {"spin" | "slam" | "autoplay"} SpinMode */

/** The kinds of message #message shows (its data-kind). */
export const MessageKind = Object.freeze({ REFUSAL: "refusal", NOTICE: "notice" });
/** @typedef {typeof MessageKind[keyof typeof MessageKind]} MessageKindName */

/** The controls a launch switch takes away (launch.js SWITCHES), by switch: hidden from the
 *  first paint (firstpaint.js) and removed at ready (playercontrols.js). */
export const SWITCHED_CONTROLS = Object.freeze({ buy: "buy", turbo: "turbo", autoplay: "autoplay-button" });

/** Puts `text` in `node` (unless `write` is false: a <select> shows its option's text) and marks
 *  how long it is (data-size "m" past 11 characters, "s" past 15), so the CSS can set a long
 *  amount ("¥100,000,000", "BHD 10,000.000") smaller and it still fits its meter. */
/** @param {HTMLElement} node  @param {string} text  @param {boolean} [write] */
export function sized(node, text, write = true) {
    if (write) node.textContent = text;
    const size = text.length > 15 ? "s" : text.length > 11 ? "m" : "";
    if (size) node.dataset.size = size; else delete node.dataset.size;
}

const MIN_TEXT_PX = 12; // no text under 12 CSS px (a phone held at arm's length)
export const AMOUNT = { oneLine: true }; // fitWidth's options for an amount

/** Shrinks `node`'s font, down to MIN_TEXT_PX at most, to the largest whole size whose text fits its box
 *  (a long balance in a phone's narrow meter); its CSS size again once it fits at that.
 *  `oneLine` (an amount): kept on one line while it shrinks, so "€20,168.00" gets smaller
 *  rather than break inside its digits; only an amount too wide even at MIN_TEXT_PX may wrap
 *  as its CSS allows (a long currency on a small phone). Returns whether it measured (false
 *  for a node not laid out: not in the page, or hidden).
 *  @param {HTMLElement} node  @param {{ oneLine?: boolean }} [options]  @returns {boolean} */
export function fitWidth(node, { oneLine = false } = {}) {
    node.style.fontSize = "";
    node.style.whiteSpace = "";
    node.style.overflowWrap = "";
    if (!node.isConnected || node.clientWidth === 0) return false;
    // an amount that counts up is sized once, for the amount it lands on (data-widest), so its
    // text neither outgrows its box nor changes size while it climbs
    const shown = node.textContent;
    const widest = node.dataset.widest;
    if (widest) node.textContent = widest;
    if (oneLine) node.style.whiteSpace = "nowrap";
    const css = parseFloat(getComputedStyle(node).fontSize);
    const over = () => node.scrollWidth > node.clientWidth + 0.5;
    const set = (/** @type {number} */ px) => { node.style.fontSize = `${px}px`; };
    if (over() && css > MIN_TEXT_PX) {
        // the largest whole size that fits, as a search a pixel at a time finds it, but from a
        // first guess in proportion (a text's width grows with its size): a few layouts, not one
        // per pixel (landing a count re-fits its title and amount while a tap waits)
        let size = Math.max(MIN_TEXT_PX, Math.min(css - 1, Math.floor((css * node.clientWidth) / node.scrollWidth)));
        set(size);
        while (size + 1 < css) { // up while the next size still fits
            set(size + 1);
            if (over()) { set(size); break; }
            size += 1;
        }
        while (over() && size > MIN_TEXT_PX) { // down while it does not
            size = Math.max(MIN_TEXT_PX, size - 1);
            set(size);
        }
    }
    if (oneLine && node.scrollWidth > node.clientWidth + 0.5) {
        // too wide even at MIN_TEXT_PX (a long currency code, a language's spaced groups on a
        // phone): the last resort is a second line, broken anywhere (its spaces are no-break)
        node.style.whiteSpace = "normal";
        node.style.overflowWrap = "anywhere";
    }
    if (widest) node.textContent = shown;
    return true;
}

/** The bet <select>'s options: one a level (`bets`, minor units), worded by `format`; sized
 *  by its longest (a <select> is as wide as its longest option). The first paint fills it too.
 *  @param {HTMLSelectElement} select  @param {readonly number[]} bets  @param {Format} format */
export function fillBets(select, bets, format) {
    const texts = bets.map(format);
    const same = select.options.length === bets.length
        && bets.every((b, i) => select.options[i].value === String(b) && select.options[i].textContent === texts[i]);
    // the first paint filled it already (the same levels, worded alike): not again, as the game
    // becomes ready (26 options made anew, each restyled, in a task a tap then waited behind)
    if (!same) {
        select.replaceChildren(...bets.map((b, i) => {
            const o = document.createElement("option");
            o.value = String(b);
            o.textContent = texts[i];
            return o;
        }));
    }
    sized(select, texts.reduce((a, b) => (b.length > a.length ? b : a), ""), false);
}

/** The HUD's elements, by the ids of the page (index.html).
 * @typedef {object} HudElements
 * @property {HTMLElement} balance
 * @property {HTMLSelectElement} bet
 * @property {HTMLOutputElement} win
 * @property {HTMLButtonElement} spin
 * @property {HTMLButtonElement} buy
 * @property {HTMLElement} buyPrice
 * @property {HTMLButtonElement} betDown
 * @property {HTMLButtonElement} betUp
 * @property {HTMLElement} feature  the feature bar
 * @property {HTMLElement} fsCount
 * @property {HTMLImageElement} fsSymbol
 * @property {HTMLElement} fsTotal
 * @property {HTMLElement} announce  the polite live region
 * @property {HTMLElement} message
 * @property {HTMLElement} messageText
 * @property {HTMLButtonElement} topUp
 * @property {HTMLButtonElement} messageClose
 * @property {HTMLElement} spinCount
 * @property {HTMLButtonElement} auto  the autoplay button
 * @property {HTMLButtonElement} info
 * @property {HTMLButtonElement} history
 * @property {HTMLButtonElement} mute
 * @property {HTMLButtonElement} turbo
 * @property {HTMLElement} winLabel
 */

/** The buttons whose click the HUD reports as an event of that name, with no payload.
 *  @typedef {"spin" | "buy" | "topUp" | "info" | "history" | "mute" | "turbo"} HudClick */
/** The HUD's events, each a thing the player asks for (the controller decides whether it
 *  happens): each click as "<button>Asked", and "betAsked" with the level chosen (minor units).
 *  @typedef {{ [K in HudClick as `${K}Asked`]: {} } & { betAsked: { bet: number } }} HudEvents */

/** @extends {Emitter<HudEvents>} */
export class Hud extends Emitter {
    /** `root`: the document (or a test's) that holds the HUD's elements.
     *  @param {{ model: Model, format: Format, root?: Document }} options */
    constructor({ model, format, root = document }) {
        super();
        const $ = (/** @type {string} */ id) => root.getElementById(id);
        /** @type {Model} */
        this.model = model;
        /** @type {Format} */
        this.format = format;
        /** @type {HudElements} */
        this.el = /** @type {HudElements} */ ({ // the page has every one of them (index.html)
            balance: $("balance"), bet: $("bet"), win: $("win"), spin: $("spin"), buy: $("buy"),
            buyPrice: $("buy-price"), betDown: $("bet-down"), betUp: $("bet-up"),
            feature: $("feature-bar"), fsCount: $("fs-count"), fsSymbol: $("fs-symbol"),
            fsTotal: $("fs-total"), announce: $("announce"), message: $("message"),
            messageText: $("message-text"), topUp: $("top-up"), messageClose: $("message-close"),
            spinCount: $("spin-count"), auto: $("autoplay-button"),
            info: $("info-button"), history: $("history-button"), mute: $("mute"), turbo: $("turbo"), winLabel: $("win-label"),
        });
        const e = this.el;
        fillBets(e.bet, model.bets, format);
        // a turned phone gives the meters another width
        addEventListener("resize", () => { fitWidth(e.balance, AMOUNT); fitWidth(e.win, AMOUNT); });
        // the option chosen is a level of the model's (by its place), never text read back
        e.bet.addEventListener("change", () => this.emit("betAsked", { bet: model.bets[e.bet.selectedIndex] }));
        e.betDown.addEventListener("click", () => this._stepBet(-1));
        e.betUp.addEventListener("click", () => this._stepBet(1));
        e.messageClose.addEventListener("click", () => this.hideMessage());
        const clicks = { spin: e.spin, buy: e.buy, topUp: e.topUp, info: e.info, history: e.history, mute: e.mute, turbo: e.turbo };
        for (const [type, control] of Object.entries(clicks)) {
            control.addEventListener("click", () => this.emit(`${/** @type {HudClick} */ (type)}Asked`)); // (a key of `clicks`)
        }
        /** @type {SpinMode} */
        this.spinMode = "spin";
        /** The rounds of autoplay not yet started (Infinity: until stopped), null without autoplay. @type {number | null} */
        this.autoLeft = null;
        // #win's text counts toward its data-minor; in a feature the bar's feature win is the
        // same count less what the round had won before it (one number, two places, every frame)
        /** @type {number | null} */
        this.featureBase = null;
        /** The text #win shows now. @type {string} */
        this._winText = "";
        /** @type {CountUp} */
        this.winCount = new CountUp((v) => this._writeWin(v));
        // Set later (declarations only: each stays undefined until then):
        /** The offer at the bet shown (setBet). @type {Offer | undefined} */
        this.offer;
        /** A round plays: the controls are locked (setBusy). @type {boolean | undefined} */
        this.busy;
        /** The length of the balance's text when it was last fitted (null: it was not laid out). @type {number | null | undefined} */
        this._balanceLength;
        /** The length of #win's text when it was last fitted (null: it was not laid out). @type {number | null | undefined} */
        this._fitLength;
    }

    /** @param {-1 | 1} dir */
    _stepBet(dir) {
        const bets = this.model.bets;
        const i = this.el.bet.selectedIndex;
        const j = Math.max(0, Math.min(bets.length - 1, i + dir));
        if (j !== i) this.emit("betAsked", { bet: bets[j] });
    }

    /** @param {number} minor */
    setBalance(minor) {
        const text = this.format(minor);
        sized(this.el.balance, text);
        // measuring forces a layout of the page (5-10 ms on a phone, in the task that handles a
        // round's result): only when the text's length changes, as its figures are all as wide
        // (tabular); a turned phone re-fits it (the resize listener)
        if (text.length !== this._balanceLength) this._balanceLength = fitWidth(this.el.balance, AMOUNT) ? text.length : null;
        this.el.balance.dataset.minor = String(minor);
    }

    /** The bet selector and the buy price, from the engine's offer at that bet.
     *  @param {Offer} offer */
    setBet(offer) {
        this.offer = offer;
        const e = this.el;
        e.bet.value = String(offer.bet);
        e.bet.dataset.minor = String(offer.bet);
        const i = this.model.bets.indexOf(offer.bet);
        this._disable(e.betDown, this.busy || i <= 0);
        this._disable(e.betUp, this.busy || i >= this.model.bets.length - 1);
        sized(e.buyPrice, this.format(offer.buy_cost));
        e.buyPrice.dataset.minor = String(offer.buy_cost);
    }

    /** Show `minor` in #win: data-minor holds it at once, the text counts up to it over `ms`
     *  (at once for 0, a lower amount, or no `ms`); a change makes it pulse, unless `quiet` (a
     *  win a profile does not celebrate: the amount only). In a feature the bar's feature win
     *  is set from the same amount (enterFeature). Resolves when the text shows `minor`.
     *  @param {number} minor  @param {{ quiet?: boolean, ms?: number }} [options]  @returns {Promise<void>} */
    setWin(minor, { quiet = false, ms = 0 } = {}) {
        const win = this.el.win;
        if (win.dataset.minor !== String(minor)) {
            win.classList.remove("bump");
            void win.offsetWidth; // restart the CSS animation
            if (minor > 0 && !quiet) win.classList.add("bump");
        }
        win.dataset.minor = String(minor);
        if (this.featureBase !== null) this.el.fsTotal.dataset.minor = String(Math.max(0, minor - this.featureBase));
        win.classList.toggle("has-win", minor > 0 && !quiet);
        if (minor === this.winCount.target && this.winCount.counting) return Promise.resolve(); // counting there already
        if (ms > 0 && minor > this.winCount.value) return this.winCount.to(minor, ms);
        this.winCount.set(minor);
        return Promise.resolve();
    }

    /** The bar's feature win for a round total of `minor` shown elsewhere (a replay's banner
     *  holds the total): the amount less the feature's base, at once.
     *  @param {number} minor */
    setFeatureWin(minor) {
        if (this.featureBase === null) return;
        const won = Math.max(0, minor - this.featureBase);
        this.el.fsTotal.dataset.minor = String(won);
        sized(this.el.fsTotal, this.format(won));
    }

    /** Shows the count now at the amount in data-minor (a tap, the round's end). */
    landWin() {
        this.winCount.land();
    }

    /** @param {number} v */
    _writeWin(v) {
        const e = this.el;
        const text = this.format(v);
        if (text !== this._winText) {
            this._winText = text;
            sized(e.win, text);
            // measuring forces a layout: only when the text grows a character (a count-up's frame)
            if (text.length !== this._fitLength) this._fitLength = fitWidth(e.win, AMOUNT) ? text.length : null;
        }
        if (this.featureBase !== null) sized(e.fsTotal, this.format(Math.max(0, v - this.featureBase)));
    }

    /** Spin and Buy stay focusable through a round (aria-disabled: a click is refused), so
     *  focus never falls to the page; a control that is disabled hands its focus to Spin.
     *  @param {boolean} busy */
    setBusy(busy) {
        this.busy = busy;
        const e = this.el;
        for (const c of [e.spin, e.buy]) {
            c.setAttribute("aria-disabled", String(busy));
            if (!busy) c.disabled = false; // locked outright while loading (firstpaint.js)
        }
        this._disable(e.bet, busy);
        e.spin.classList.toggle("spinning", busy);
        if (this.offer) this.setBet(this.offer);
        this.setSpinMode(this.spinMode, this.autoLeft);
        // after a round, focus left on the page or on Buy comes back to Spin
        const active = document.activeElement;
        if (!busy && document.hasFocus() && (active === document.body || active === e.buy)) e.spin.focus();
    }

    /** @param {HTMLButtonElement | HTMLSelectElement} control  @param {boolean} off */
    _disable(control, off) {
        if (off && document.activeElement === control) this.el.spin.focus();
        control.disabled = off;
    }

    /** What the spin button does now: "spin" (aria-disabled while busy: a press is refused),
     *  "slam" (stops the reels at once), "autoplay" (stops autoplay; shows `left`, the rounds
     *  not yet started; Infinity: until stopped). Spin stays focusable throughout.
     *  @param {SpinMode} mode  @param {number | null} [left] */
    setSpinMode(mode, left = null) {
        const e = this.el;
        this.spinMode = mode;
        this.autoLeft = left;
        const auto = mode === "autoplay";
        e.spin.setAttribute("aria-disabled", String(mode === "spin" && !!this.busy));
        e.spin.classList.toggle("stopper", mode === "slam");
        e.spin.classList.toggle("counting", auto);
        const count = left === Infinity ? "∞" : String(left);
        e.spinCount.hidden = !auto;
        e.spinCount.textContent = auto ? count : "";
        e.spinCount.classList.toggle("long", auto && count.length > 2);
        // (in autoplay `left` is the count the driver gives, never null)
        e.spin.setAttribute("aria-label", auto
            ? t("hud.stopAuto", {
                left: left === Infinity ? t("hud.stopAutoUntil") : plural("hud.roundsLeft", /** @type {number} */ (left)),
            })
            : t(mode === "slam" ? "hud.slam" : "hud.spin"));
        e.auto.setAttribute("aria-pressed", String(auto));
        e.auto.setAttribute("aria-label", t(auto ? "hud.autoStop" : "hud.autoSettings"));
        this._disable(e.auto, !auto && !!this.busy);
    }

    /** The feature begins with the round at `base` (what the triggering spin won; 0 for a bought
     *  one): from now the bar's feature win is #win's amount less `base`, in data-minor and in
     *  every frame of the count.
     *  @param {number} base */
    enterFeature(base) {
        this.featureBase = base;
        const shown = this.winCount.value;
        this.el.fsTotal.dataset.minor = String(Math.max(0, Number(this.el.win.dataset.minor ?? shown) - base));
        sized(this.el.fsTotal, this.format(Math.max(0, shown - base)));
    }

    /** The feature bar: free spin `number` of `count`, with the feature's `special` symbol.
     *  @param {{ number: number, count: number, special: string }} feature */
    showFeature({ number, count, special }) {
        const e = this.el;
        e.feature.hidden = false;
        e.fsCount.textContent = `${number}/${count}`;
        e.fsCount.dataset.number = String(number);
        if (e.fsSymbol.dataset.symbol !== special) { // a new src reloads the image: set it only when it changes
            e.fsSymbol.src = symbolUrl(special);
            e.fsSymbol.dataset.symbol = special;
            e.fsSymbol.alt = t(`sym.${special}`);
        }
        e.winLabel.textContent = t("hud.totalWin"); // the meter counts the whole round, triggering spin included
        if (document.body.classList.contains("in-feature")) return; // (each free spin: the layout is the same)
        document.body.classList.add("in-feature");
        this._refitWin();
    }

    hideFeature() {
        this.featureBase = null;
        this.el.feature.hidden = true;
        this.el.winLabel.textContent = t("hud.win");
        document.body.classList.remove("in-feature");
        this._refitWin();
    }

    /** Fits #win's amount to its box again: the box changes with the feature bar and the meter's
     *  label (TOTAL WIN, WIN) while the amount's text may keep its length, and _writeWin fits
     *  only when the length changes. Without it the amount kept the size it was fitted at in the
     *  other layout, or not, by whether the count-up's last new length came before or after the
     *  feature's end: a matter of frame timing (a still-mode screenshot differed on a loaded machine). */
    _refitWin() {
        if (this._fitLength !== undefined) this._fitLength = fitWidth(this.el.win, AMOUNT) ? this.el.win.textContent.length : null;
    }

    /** @param {boolean} muted */
    setMuted(muted) {
        this.el.mute.setAttribute("aria-pressed", String(muted));
        this.el.mute.setAttribute("aria-label", t(muted ? "hud.soundOff" : "hud.soundOn"));
        this.el.mute.classList.toggle("off", muted);
    }

    /** @param {boolean} on */
    setTurbo(on) {
        this.el.turbo.setAttribute("aria-pressed", String(on));
        this.el.turbo.classList.toggle("on", on);
    }

    /** Says `text` in the polite live region. @param {string} text */
    announce(text) {
        this.el.announce.textContent = text;
    }

    /** A refusal (red) or a notice (gold); with `topUp` the demo top-up button is offered.
     *  @param {string} text  @param {{ topUp?: boolean, kind?: MessageKindName }} [options] */
    showMessage(text, { topUp = false, kind = MessageKind.REFUSAL } = {}) {
        const e = this.el;
        e.message.dataset.kind = kind;
        e.messageText.textContent = text;
        e.topUp.hidden = !topUp;
        e.message.hidden = false;
        this.announce(text);
    }

    hideMessage() {
        if (this.el.message.contains(document.activeElement)) this.el.spin.focus();
        this.el.message.hidden = true;
    }
}
