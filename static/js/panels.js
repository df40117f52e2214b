// Overlay panels inside a round: free-spins intro and outro, big win, max win. A panel
// continues by itself after a few seconds, or at once on a click or key: a round never waits
// forever.

import { el, symbolUrl } from "./dom.js";
import { fitWidth } from "./hud.js";
import { has, t } from "./i18n.js";

const MIN_MS = 30;

export class Panels {
    constructor(root, { format }) {
        this.root = root; // #overlay
        this.format = format;
        this._finish = null;
    }

    /** Close the panel on screen (if any) as if the player had clicked it. */
    dismiss() {
        this._finish?.();
    }

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
        for (const node of panel.querySelectorAll(".panel-title, .panel-amount")) fitWidth(node);
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
                resolve();
            };
            const onInput = (ev) => {
                ev.preventDefault?.();
                ev.stopPropagation?.();
                // a first click may only fast-forward an animation (big win counter)
                if (onSkip && skips++ === 0 && onSkip()) return;
                finish();
            };
            const timer = setTimeout(finish, Math.max(MIN_MS, ms * speedFactor));
            this._finish = finish;
            this.root.addEventListener("pointerdown", onInput);
            document.addEventListener("keydown", onInput, true);
        });
    }

    /** Free-spins intro: the book opens and its pages flip until they stop on the SES. */
    intro({ count, special, symbols, speedFactor }) {
        const box = el("div", "intro");
        box.append(el("h2", "panel-title", t("panel.fsTitle")));
        box.append(el("p", "panel-big", t("panel.fsCount", { count })));
        const book = el("div", "book-anim");
        const left = el("div", "page left");
        left.append(el("span", "page-text", t("panel.special")));
        const right = el("div", "page right");
        const img = this.symbolImg(symbols[0], "page-symbol");
        right.append(img);
        const flipper = el("div", "page flipper");
        book.append(left, right, flipper);
        box.append(book);
        const caption = el("p", "panel-sub", t("panel.drawing"));
        box.append(caption);
        let flips = Math.max(1, Math.round(14 * Math.min(1, speedFactor * 1.2)));
        const step = Math.max(20, 110 * speedFactor);
        let i = 0;
        const reveal = () => {
            img.src = symbolUrl(special);
            img.alt = t(`sym.${special}`);
            right.classList.add("chosen");
            caption.textContent = t("panel.expands", { symbol: t(`sym.${special}`) });
        };
        const tick = () => {
            if (flips-- <= 0) { reveal(); return; }
            i = (i + 1) % symbols.length;
            img.src = symbolUrl(symbols[i]);
            flipper.classList.remove("flip");
            void flipper.offsetWidth; // restart the CSS animation
            flipper.classList.add("flip");
            flipTimer = setTimeout(tick, step);
        };
        let flipTimer = setTimeout(tick, step);
        return this._show(box, {
            cls: "panel-intro", ms: 4200, speedFactor,
            onSkip: () => { if (flips > 0) { flips = 0; clearTimeout(flipTimer); reveal(); return true; } return false; },
        }).then(() => { clearTimeout(flipTimer); reveal(); });
    }

    /** `timesBet`: the engine's decimal string for the total in total bets ("82.27"). */
    outro({ total, played, timesBet, speedFactor }) {
        const box = el("div", "outro");
        box.append(el("h2", "panel-title", t("panel.complete")));
        box.append(el("p", "panel-sub", t("panel.played", { count: played })));
        const amount = el("p", "panel-amount", this.format(total));
        amount.id = "feature-total";
        amount.dataset.minor = String(total);
        box.append(amount);
        box.append(el("p", "panel-sub", t("panel.timesBet", { times: timesBet })));
        return this._show(box, { cls: "panel-outro", ms: 3500, speedFactor });
    }

    maxWin({ amount, forfeited, cap, speedFactor }) {
        const box = el("div", "maxwin");
        box.append(el("h2", "panel-title", t("panel.maxWin")));
        box.append(el("p", "panel-amount", this.format(amount)));
        const limit = t("panel.cap", { cap: cap.toLocaleString("en-US") });
        box.append(el("p", "panel-sub", forfeited
            ? t("panel.capForfeit", { limit, count: forfeited })
            : t("panel.capEnd", { limit })));
        return this._show(box, { cls: "panel-maxwin", ms: 5000, speedFactor });
    }

    /** Big / mega / epic win: the round's total as the engine decided it; a click closes it. */
    bigWin({ name, level, amount, speedFactor, onBurst }) {
        const box = el("div", "bigwin");
        box.append(el("h2", `panel-title bigwin-${level}`, has(`bigwin.${level}`) ? t(`bigwin.${level}`) : name));
        // The engine's total, shown as it is from the start: a count-up would show amounts
        // nobody decided. The panel celebrates with its bursts and its title instead.
        box.append(el("p", "panel-amount", this.format(amount)));
        const dur = Math.max(MIN_MS, (2200 + 800 * level) * speedFactor);
        let done = false;
        let last = 0;
        const frame = (now) => {
            if (done) return;
            if (now - last > 600) { last = now; onBurst?.(); }
            requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
        return this._show(box, {
            cls: `panel-bigwin level-${level}`, ms: dur + 2200 * speedFactor, speedFactor: 1,
        }).then(() => { done = true; });
    }
}
