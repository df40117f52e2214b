// @ts-check
// Overlay panels inside a round: free-spins intro and outro, big win, max win. A panel
// continues by itself after a few seconds, or at once on a click or key: a round never waits
// forever.

import { CountUp } from "./countup.js";
import { afterFrame, el, symbolUrl } from "../core/dom.js";
import { AMOUNT, fitWidth } from "./hud.js";
import { has, t } from "../lang/i18n.js";
import { decimal, grouped } from "../lang/numbers.js";

/** @typedef {import("./hud.js").Format} Format */
/** A sound of the round (sound.js, through the sequencer's sfx): its name and arguments.
 *  @typedef {(name: string, ...args: Array<number | boolean>) => void} Sfx */
/** A big-win tier: its name (the model's, when the tables have no bigwin.LEVEL) and level 1-4.
 *  @typedef {{ readonly name: string, readonly level: number }} Tier */

/**
 * How a panel shows (Panels._show).
 * @typedef {object} ShowOptions
 * @property {string} cls  the panel's class
 * @property {number} ms  how long it stays, before the speed factor
 * @property {number} speedFactor  the game's pace: 1 normal, smaller faster
 * @property {() => boolean} [onSkip]  the first click or key: true when it only fast-forwarded
 */

/**
 * The free spins' intro (Panels.intro).
 * @typedef {object} IntroOptions
 * @property {number} count  the free spins won
 * @property {string} special  the feature's special symbol
 * @property {readonly string[]} symbols  the paytable's symbols, which the pages turn through
 * @property {Readonly<Record<string, number>> | null} [pays]  the special's pays at the round's bet: count -> minor units
 * @property {number} speedFactor
 */

/**
 * The free spins' outro (Panels.outro).
 * @typedef {object} OutroOptions
 * @property {number} total  the feature's total win, minor units
 * @property {number} played  the free spins played
 * @property {string} timesBet  the engine's decimal string for `total` in total bets
 * @property {number} speedFactor
 * @property {Sfx} [sfx]
 */

/**
 * The round's celebration (Panels.bigWin).
 * @typedef {object} BigWinOptions
 * @property {string} name  the engine's tier's name ("" without one)
 * @property {number} level  the engine's tier's level (0 without one: a max win below the tiers)
 * @property {number} amount  the round's total win, minor units
 * @property {number} bet  the round's bet, minor units
 * @property {ReadonlyArray<{ readonly name: string, readonly level: number, readonly at: number }>} [tiers]
 *     model.big_wins: each tier's threshold `at` in total bets
 * @property {{ readonly cap: number, readonly forfeited: number } | null} [max]  the round ended at the cap
 * @property {number} speedFactor
 * @property {Sfx} [sfx]
 * @property {(level: number) => void} [onBurst]  coins: a tier's level, 0 for the steady trickle
 */

const MIN_MS = 30;
const HOLD_MS = 3500; // the intro's landed page (the special symbol, its pays) stays this long

export class Panels {
    /** @param {HTMLElement} root  @param {{ format: Format }} options */
    constructor(root, { format }) {
        /** @type {HTMLElement} */
        this.root = root; // #overlay
        /** @type {Format} */
        this.format = format;
        /** Closes the panel on screen; null when none is. @type {(() => void) | null} */
        this._finish = null;
        /** Closes the panel on screen `after` ms from now instead (set by each _show; a declaration only).
         *  @type {(after: number) => void} */
        this._rearm;
    }

    /** Close the panel on screen (if any) as if the player had clicked it. */
    dismiss() {
        this._finish?.();
    }

    /** @param {string} name  a symbol  @param {string} [cls]  @returns {HTMLImageElement} */
    symbolImg(name, cls = "") {
        const img = el("img", cls);
        img.src = symbolUrl(name);
        img.alt = t(`sym.${name}`);
        return img;
    }

    /**
     * Show `content` (a DOM node) as a modal panel; resolve after `ms` (times the speed
     * factor) or on a click / key. `onSkip`, if given, is called on the first click or key
     * and may return true to fast-forward an animation instead of closing the panel.
     * @param {Node} content  @param {ShowOptions} options  @returns {Promise<void>}
     */
    _show(content, { cls, ms, speedFactor, onSkip }) {
        const panel = el("div", `panel ${cls}`);
        panel.setAttribute("role", "dialog");
        panel.setAttribute("aria-modal", "true");
        panel.append(content);
        const hint = el("p", "panel-hint", t("panel.hint"));
        panel.append(hint);
        this.root.replaceChildren(panel);
        this.root.hidden = false;
        this.root.classList.add("show");
        // a title or an amount wider than the panel can be (a long language, a long currency
        // amount on a phone) is set smaller until it fits, 12 px at least
        for (const node of panel.querySelectorAll(".panel-title")) fitWidth(/** @type {HTMLElement} */ (node));
        for (const node of panel.querySelectorAll(".panel-amount")) fitWidth(/** @type {HTMLElement} */ (node), AMOUNT);
        return new Promise((resolve) => {
            let skips = 0;
            const finish = () => {
                this._finish = null;
                clearTimeout(timer);
                this.root.removeEventListener("pointerdown", onInput);
                document.removeEventListener("keydown", onInput, true);
                this.root.classList.remove("show");
                this.root.hidden = true;
                this.root.replaceChildren();
                // the round goes on (its credit, its save, the next step: 30-50 ms at 4x CPU on
                // the phone profile) after the frame that shows the panel gone, not in the task
                // of the tap that closed it
                afterFrame().then(resolve);
            };
            /** @param {Event} ev */
            const onInput = (ev) => {
                ev.preventDefault?.();
                ev.stopPropagation?.();
                // a first click may only fast-forward an animation (big win counter)
                if (onSkip && skips++ === 0 && onSkip()) return;
                finish();
            };
            let timer = setTimeout(finish, Math.max(MIN_MS, ms * speedFactor));
            this._finish = finish;
            // a celebration landed early (a tap) stays for its hold from then, not its whole length
            this._rearm = (after) => { clearTimeout(timer); timer = setTimeout(finish, Math.max(MIN_MS, after)); };
            this.root.addEventListener("pointerdown", onInput);
            document.addEventListener("keydown", onInput, true);
        });
    }

    /** Free-spins intro: a big open golden book whose pages turn (CSS 3D) through the paytable's
     *  symbols, fast and then slowing, landing on the special symbol, which glows; then its
     *  name, its pays at the round's bet (`pays`: the engine's offer, count -> minor units, as
     *  the info screen shows them) and the free spins. A first tap or key lands the pages at
     *  once, a second closes. With reduced motion the book opens on the special symbol.
     *  @param {IntroOptions} options  @returns {Promise<void>} */
    intro({ count, special, symbols, pays = null, speedFactor }) {
        const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
        const box = el("div", "intro");
        box.append(el("h2", "panel-title", t("panel.fsTitle")));
        const book = el("div", "book-anim");
        const cover = el("div", "book-cover");
        const left = el("div", "page left");
        const leftImg = this.symbolImg(symbols[0], "page-symbol");
        left.append(leftImg);
        const right = el("div", "page right");
        const img = this.symbolImg(symbols[1 % symbols.length], "page-symbol");
        right.append(img);
        const flipper = el("div", "page flipper");
        const flipImg = this.symbolImg(symbols[0], "page-symbol");
        flipper.append(flipImg);
        book.append(cover, left, right, flipper);
        box.append(book);
        const name = el("p", "intro-name", t("panel.drawing"));
        const payList = el("p", "intro-pays");
        const big = el("p", "panel-big intro-count", t("panel.fsCount", { count }));
        box.append(name, payList, big);
        // the pages turned: each shows a symbol; the shown symbols are in data-shown (tests, tools)
        /** @type {string[]} */
        const shown = [];
        /** @param {HTMLImageElement} image  @param {string} sym */
        const setPage = (image, sym) => {
            image.src = symbolUrl(sym);
            image.alt = t(`sym.${sym}`);
        };
        const turnTo = (/** @type {string} */ sym) => {
            setPage(flipImg, img.dataset.sym ?? symbols[1 % symbols.length]);
            setPage(img, sym);
            img.dataset.sym = sym;
            shown.push(sym);
            book.dataset.shown = shown.join(",");
        };
        // fast, then slowing: the gaps grow geometrically; the last turn lands on the special symbol
        const others = symbols.filter((s) => s !== special);
        const turns = reduced ? 0 : Math.max(3, Math.round(16 * Math.min(1, speedFactor)));
        let n = 0;
        let landed = false;
        const reveal = () => {
            if (landed) return;
            landed = true;
            clearTimeout(flipTimer);
            setPage(img, special);
            img.dataset.sym = special;
            if (shown[shown.length - 1] !== special) shown.push(special);
            book.dataset.shown = shown.join(",");
            book.dataset.landed = special;
            setPage(leftImg, special);
            book.classList.add("landed");
            name.textContent = t(`sym.${special}`);
            name.classList.add("shown");
            if (pays) {
                const counts = Object.keys(pays).map(Number).filter((c) => pays[c] > 0).sort((a, b) => b - a);
                // "5× €5.00 · 4× €1.00 · 3× €0.20": each count the engine pays, highest first
                payList.replaceChildren(...counts.flatMap((c, i) => {
                    const item = el("span", "intro-pay");
                    item.dataset.count = String(c);
                    item.dataset.minor = String(pays[c]);
                    item.append(el("b", "", `${c}\u00d7`), ` ${this.format(pays[c])}`);
                    return i ? [el("span", "intro-sep", "\u00b7"), item] : [item];
                }));
            }
            payList.classList.add("shown");
            big.classList.add("shown");
            if (open) this._rearm(Math.max(MIN_MS, HOLD_MS * speedFactor)); // the landed page stays its hold from now
        };
        const tick = () => {
            n += 1;
            if (n > turns) { reveal(); return; }
            turnTo(n === turns ? special : others[n % others.length]);
            flipper.classList.remove("flip");
            void flipper.offsetWidth; // restart the CSS animation
            flipper.style.animationDuration = `${Math.round(gap(n) * 0.9)}ms`;
            flipper.classList.add("flip");
            flipTimer = setTimeout(n === turns ? reveal : tick, gap(n + 1));
        };
        const gap = (/** @type {number} */ k) => Math.max(16, 45 * Math.pow(1.12, k) * speedFactor);
        turnTo(others[0] ?? special);
        let flipTimer = turns ? setTimeout(tick, Math.max(16, 450 * speedFactor)) : 0; // the book opens first
        let open = false;
        const shown_ = this._show(box, {
            // closed HOLD_MS after the landing (reveal re-arms it): a busy main thread that delays
            // the page turns never closes the book before it lands; 60 s is only a safety net
            cls: "panel-intro", ms: 60000 / Math.max(speedFactor, 0.01), speedFactor,
            onSkip: () => { if (!landed) { reveal(); return true; } return false; },
        });
        open = true;
        if (!turns) reveal();
        return shown_.then(() => { open = false; clearTimeout(flipTimer); reveal(); });
    }

    /** `timesBet`: the engine's decimal string for the total in total bets ("82.27"). The
     *  feature's total counts up from zero (data-minor holds it from the start); a first click
     *  or key lands it, a second closes the panel.
     *  @param {OutroOptions} options  @returns {Promise<void>} */
    outro({ total, played, timesBet, speedFactor, sfx = () => {} }) {
        const box = el("div", "outro");
        box.append(el("h2", "panel-title", t("panel.complete")));
        box.append(el("p", "panel-sub", t("panel.played", { count: played })));
        const amount = el("p", "panel-amount", this.format(0));
        amount.id = "feature-total";
        amount.dataset.minor = String(total);
        amount.dataset.widest = this.format(total);
        box.append(amount);
        const times = el("p", "panel-sub panel-times", t("panel.timesBet", { times: decimal(timesBet) }));
        box.append(times);
        const countMs = Math.min(3000, 900 + 300 * Math.log2(1 + Number(timesBet))) * speedFactor;
        const count = new CountUp((v) => { amount.textContent = this.format(v); },
            { onFrame: (v) => { if (v < total) sfx("tick", v / total); } });
        // closed a hold after the count lands, not after a fixed time: a busy main thread (slow
        // frames) would otherwise close the panel before its total was on screen
        let tapped = false; // (landed by a tap: its chime comes after the tap's frame, as bigWin's fanfare)
        const shown = this._show(box, {
            cls: "panel-outro", ms: 60000 / Math.max(speedFactor, 0.01), speedFactor,
            onSkip: () => {
                if (!count.counting) return false;
                tapped = true;
                count.land();
                this._rearm(2200 * speedFactor);
                return true;
            },
        });
        const rearm = this._rearm;
        sfx("duck", true); // the music steps back while the total counts and its chime plays
        const chime = () => sfx("countEnd", 0);
        if (total > 0) count.to(total, countMs).then(() => {
            fitWidth(amount, AMOUNT);
            rearm(3000 * speedFactor);
            if (tapped) afterFrame().then(chime);
            else chime();
        });
        else { count.set(0); rearm(3000 * speedFactor); }
        return shown.then(() => { sfx("duck", false); count.land(); });
    }

    /**
     * The round's celebration: the engine's total `amount` counts up from zero, the title
     * climbing through the model's tiers (`tiers`: model.big_wins, each {name, level, at} in
     * total bets of `bet`) as the count passes each one; `level` is the tier the engine gave
     * the round (roundEnd's big_win), the last title shown. `max` ({cap, forfeited}) when the
     * round ended at the cap: the count ends on the max win. A first click or key lands the
     * count at once, a second closes; the panel closes by itself a while after it lands.
     * data-minor of the amount holds `amount` from the first frame; only its text climbs.
     * @param {BigWinOptions} options  @returns {Promise<void>}
     */
    bigWin({ name, level, amount, bet, tiers = [], max = null, speedFactor, sfx = () => {}, onBurst }) {
        const steps = [...tiers].sort((a, b) => a.at - b.at)
            .map((tier) => ({ ...tier, from: tier.at * bet }))
            .filter((tier) => tier.from <= amount && tier.level <= level);
        const box = el("div", "bigwin");
        const title = el("h2", "panel-title bigwin-title", "");
        const figure = el("p", "panel-amount", this.format(0));
        figure.dataset.minor = String(amount);
        figure.dataset.widest = this.format(amount);
        const sub = el("p", "panel-sub bigwin-sub", "");
        sub.hidden = true;
        box.append(title, figure, sub);
        const panelCls = max ? "panel-maxwin" : "panel-bigwin";
        let shown = 0; // the tier level the title shows
        const titleOf = (/** @type {Tier} */ tier) => (has(`bigwin.${tier.level}`) ? t(`bigwin.${tier.level}`) : tier.name);
        /** @param {Tier | null} tier  null: the max win's title  @param {number} lv */
        const setTier = (tier, lv) => {
            shown = lv;
            title.textContent = tier ? titleOf(tier) : t("panel.maxWin");
            title.className = `panel-title bigwin-title bigwin-${lv}`;
            box.parentElement?.classList.remove("level-1", "level-2", "level-3", "level-4");
            box.parentElement?.classList.add(`level-${lv}`);
            title.classList.remove("tier-up");
            void title.offsetWidth; // restart the CSS pop
            title.classList.add("tier-up");
            fitWidth(title);
        };
        // the time to each tier's threshold, then the rest: longer for a higher tier
        /** @type {import("./countup.js").Segment[]} */
        const segments = [];
        let before = 0;
        for (const tier of steps) {
            segments.push({ until: tier.from, ms: before === 0 ? 900 : 1800 });
            before = tier.from;
        }
        segments.push({ until: amount, ms: max ? 3200 : 1400 + 500 * level });
        for (const seg of segments) seg.ms *= speedFactor;
        // A tap lands the count: the title and the total show in that tap's frame, and the
        // landing's fanfare and coins (their audio nodes and particles: 20-30 ms at 4x CPU on the
        // phone profile) come in the task after it; the tiers it jumps past get no sting of their
        // own under the fanfare.
        let tapped = false;
        const landTier = () => {
            if (done) return; // closed before it landed (a replay stopped)
            /** @type {Array<[name: string, ...args: number[]]>} */
            const cheer = [];
            if (max) {
                if (shown !== 4) { setTier(null, 4); cheer.push(["maxWin"]); }
                const limit = t("panel.cap", { cap: grouped(max.cap) });
                sub.textContent = max.forfeited ? t("panel.capForfeit", { limit, count: max.forfeited }) : t("panel.capEnd", { limit });
                sub.hidden = false;
            } else {
                // the engine's tier is the last word (its name, if this page has no text of its own)
                const tier = steps.find((s) => s.level === level) ?? { name, level };
                if (shown !== level) setTier(tier, level);
                cheer.push(["bigWin", level]); // the tier's fanfare as the count lands
            }
            cheer.push(["countEnd", max ? 4 : level]);
            fitWidth(figure, AMOUNT);
            rearm(hold * speedFactor);
            const play = () => {
                if (done) return;
                for (const args of cheer) sfx(...args);
                onBurst?.(max ? 4 : level);
            };
            if (tapped) afterFrame().then(play);
            else play();
        };
        const count = new CountUp((v) => { figure.textContent = this.format(v); }, {
            onFrame: (v) => {
                const reached = steps.filter((s) => s.from <= v).at(-1);
                if (reached && reached.level > shown) {
                    setTier(reached, reached.level);
                    if (!tapped) { sfx("tier", reached.level); onBurst?.(reached.level); }
                }
                if (v < amount) sfx("tick", v / amount);
            },
        });
        let burstAt = 0;
        let done = false;
        const frame = (/** @type {number} */ now) => {
            if (done) return;
            if (now - burstAt > 650) { burstAt = now; onBurst?.(0); }
            requestAnimationFrame(frame);
        };
        const hold = 2600;
        // closed a hold after the count lands (landTier), not after a fixed time: a busy main
        // thread (slow frames) would otherwise close it before the engine's total was on screen
        const promise = this._show(box, {
            cls: `${panelCls} celebration`, ms: 60000 / Math.max(speedFactor, 0.01), speedFactor,
            onSkip: () => {
                if (!count.counting) return false;
                tapped = true;
                count.land();
                this._rearm(hold * speedFactor);
                return true;
            },
        });
        const rearm = this._rearm;
        // the first tier's title from the first frame: the panel only opens for a tier reached
        setTier(steps[0] ?? { name, level }, steps[0]?.level ?? level);
        requestAnimationFrame(frame);
        sfx("duck", true); // the music steps back under the count and the fanfares
        count.timeline(segments).then(landTier);
        return promise.then(() => { done = true; sfx("duck", false); count.land(); });
    }
}
