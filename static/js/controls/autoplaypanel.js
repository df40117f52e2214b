// The autoplay panel (#autoplay-dialog): round count, stop conditions, Start. Amounts are typed
// in the currency and read by amounts.js amount() (`decimals`: the currency's minor digits, up
// to the autoplay limit); the options of its "start" event are in minor units.
//
//   const panel = new AutoplayPanel({ format, canOpen: () => why-not or null });
//   panel.on("start", (opts) => driver.run(opts));     // Start pressed, the panel closed
//   panel.on("refused", (why) => ...);                 // open() while canOpen() said why not

import { AmountError } from "../core/errors.js";
import { Emitter } from "../core/emitter.js";
import { MAX_AUTOPLAY, amount } from "../core/amounts.js";
import { t } from "../lang/i18n.js";

const $ = (id) => document.getElementById(id);

/** The autoplay panel (#autoplay-dialog): round count, stop conditions, Start. */
export class AutoplayPanel extends Emitter {
    constructor({ format, canOpen = () => null }) {
        super();
        Object.assign(this, { format, canOpen });
        this.dialog = $("autoplay-dialog");
        this.form = $("autoplay-form");
        this.error = $("autoplay-error");
        this.inputs = {
            feature: $("ap-feature"), single: $("ap-single"), loss: $("ap-loss"), win: $("ap-win"),
        };
        const symbol = format(0).replace(/[\d.,\s]/g, "") || "";
        for (const s of this.dialog.querySelectorAll(".ap-currency")) s.textContent = symbol;
        this.form.addEventListener("submit", (ev) => this._submit(ev));
        // Cancel is a plain button, so Enter in an amount field submits Start (the form's default)
        $("autoplay-cancel").addEventListener("click", () => this.dialog.close("cancel"));
        this.dialog.addEventListener("close", () => { this.error.hidden = true; });
        for (const input of Object.values(this.inputs)) {
            input.addEventListener("input", () => { input.removeAttribute("aria-invalid"); });
        }
    }

    open() {
        const why = this.canOpen();
        if (why) { this.emit("refused", why); return false; }
        this.error.hidden = true;
        this.dialog.showModal();
        this.form.querySelector("input[name=rounds]:checked")?.focus();
        return true;
    }

    /** The options the panel shows now, or an Error naming the first bad field (focused). */
    options() {
        const i = this.inputs;
        const fields = [
            ["lossLimit", i.loss, t("ap.lossName")],
            ["singleWinAtLeast", i.single, t("ap.singleName")],
            ["winLimit", i.win, t("ap.winName")],
        ];
        const opts = {
            // the form's radio values are text; the rules take a number or "until stopped"
            rounds: /^[0-9]+$/.test(this.form.elements.rounds.value) ? Number(this.form.elements.rounds.value)
                : this.form.elements.rounds.value,
            stopOnFeature: i.feature.checked,
        };
        for (const [key, input, name] of fields) {
            const refuse = (why, code = null) => {
                input.setAttribute("aria-invalid", "true");
                input.focus();
                throw Object.assign(new Error(why), { key, code });
            };
            if (input.value.trim() === "") {
                if (key === "lossLimit") refuse(t("ap.needLoss"));
                opts[key] = null;
                continue;
            }
            try {
                opts[key] = amount(input.value, { key, decimals: this.format.minorDigits, number: false, max: MAX_AUTOPLAY });
            } catch (err) {
                if (!(err instanceof AmountError)) throw err;
                // the amount's code stays on the message shown (#autoplay-error data-code)
                if (err.code === "amount.aboveLimit") refuse(t("ap.aboveLimit", { name, limit: this.format(MAX_AUTOPLAY) }), err.code);
                refuse(t("ap.badAmount", { name, example: this.format(5000) }), err.code);
            }
        }
        return opts;
    }

    _submit(ev) {
        let opts;
        try {
            opts = this.options();
        } catch (err) {
            ev.preventDefault();
            this.error.textContent = err.message;
            if (err.code) this.error.dataset.code = err.code;
            else delete this.error.dataset.code;
            this.error.hidden = false;
            return;
        }
        // the dialog closes (method="dialog"); autoplay starts once it has
        this.dialog.addEventListener("close", () => this.emit("start", opts), { once: true });
    }
}
