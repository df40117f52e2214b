// @ts-check
// The autoplay panel (#autoplay-dialog): round count, stop conditions, Start. Amounts are typed
// in the currency and read by amounts.js amount() (`decimals`: the currency's minor digits, up
// to the autoplay limit); the options of its "start" event are in minor units.
//
//   const panel = new AutoplayPanel({ format, canOpen: () => why-not or null });
//   panel.on("startAsked", (opts) => driver.run(opts));     // Start pressed, the panel closed
//   panel.on("refused", (why) => ...);                 // open() while canOpen() said why not

import { AmountError, AutoplayOptionError } from "../core/errors.js";
import { Emitter } from "../core/emitter.js";
import { MAX_AUTOPLAY, amount } from "../core/amounts.js";
import { t } from "../lang/i18n.js";

/** @typedef {import("../core/money.js").Format} Format */
/**
 * What the panel's "start" event gives: its form as autoplayrules.js checkOptions takes it
 * (`rounds` a number, or "until stopped"; the amounts in minor units, null when left empty).
 * @typedef {object} PanelOptions
 * @property {number | string} rounds
 * @property {boolean} stopOnFeature
 * @property {number | null} [lossLimit]
 * @property {number | null} [singleWinAtLeast]
 * @property {number | null} [winLimit]
 */
/** The amount fields, by their option's name. @typedef {"lossLimit" | "singleWinAtLeast" | "winLimit"} AmountKey */
/** #autoplay-form, with its radio group of round counts (input name="rounds").
 *  @typedef {HTMLFormElement & { elements: { rounds: RadioNodeList } }} PanelForm */
/** The panel's fields: the stop on a feature (a checkbox) and the amounts.
 *  @typedef {{ feature: HTMLInputElement, single: HTMLInputElement, loss: HTMLInputElement, win: HTMLInputElement }} PanelInputs */
/** The panel's events: "startAsked" with the options (the player pressed Start), "refused"
 *  with why it cannot open.
 *  @typedef {{ startAsked: PanelOptions, refused: string }} AutoplayPanelEvents */

const $ = (/** @type {string} */ id) => document.getElementById(id);

/** The autoplay panel (#autoplay-dialog): round count, stop conditions, Start.
 *  @extends {Emitter<AutoplayPanelEvents>} */
export class AutoplayPanel extends Emitter {
    /** @param {{ format: Format, canOpen?: () => string | null }} options  canOpen: why the panel may not open now, or null */
    constructor({ format, canOpen = () => null }) {
        super();
        Object.assign(this, { format, canOpen });
        /** @type {Format} (set just above; a declaration only) */
        this.format;
        /** @type {() => string | null} (set just above; a declaration only) */
        this.canOpen;
        // the page has each of these (index.html)
        /** @type {HTMLDialogElement} */
        this.dialog = /** @type {HTMLDialogElement} */ ($("autoplay-dialog"));
        /** The form, with its radio group of round counts. @type {PanelForm} */
        this.form = /** @type {PanelForm} */ ($("autoplay-form"));
        /** @type {HTMLElement} */
        this.error = /** @type {HTMLElement} */ ($("autoplay-error"));
        /** @type {PanelInputs} */
        this.inputs = /** @type {PanelInputs} */ ({
            feature: $("ap-feature"), single: $("ap-single"), loss: $("ap-loss"), win: $("ap-win"),
        });
        const symbol = format(0).replace(/[\d.,\s]/g, "") || "";
        for (const s of this.dialog.querySelectorAll(".ap-currency")) s.textContent = symbol;
        this.form.addEventListener("submit", (ev) => this._submit(ev));
        // Cancel is a plain button, so Enter in an amount field submits Start (the form's default)
        /** @type {HTMLButtonElement} */ ($("autoplay-cancel")).addEventListener("click", () => this.dialog.close("cancel"));
        this.dialog.addEventListener("close", () => { this.error.hidden = true; });
        for (const input of Object.values(this.inputs)) {
            input.addEventListener("input", () => { input.removeAttribute("aria-invalid"); });
        }
    }

    /** Opens the panel, or emits "refused" with why it may not open now. @returns {boolean} whether it opened */
    open() {
        const why = this.canOpen();
        if (why) { this.emit("refused", why); return false; }
        this.error.hidden = true;
        this.dialog.showModal();
        /** @type {HTMLInputElement | null} */ (this.form.querySelector("input[name=rounds]:checked"))?.focus();
        return true;
    }

    /** The options the panel shows now, or an Error naming the first bad field (focused).
     *  @returns {PanelOptions} */
    options() {
        const i = this.inputs;
        /** @type {ReadonlyArray<readonly [key: AmountKey, input: HTMLInputElement, name: string]>} */
        const fields = [
            ["lossLimit", i.loss, t("ap.lossName")],
            ["singleWinAtLeast", i.single, t("ap.singleName")],
            ["winLimit", i.win, t("ap.winName")],
        ];
        /** @type {PanelOptions} */
        const opts = {
            // the form's radio values are text; the rules take a number or "until stopped"
            rounds: /^[0-9]+$/.test(this.form.elements.rounds.value) ? Number(this.form.elements.rounds.value)
                : this.form.elements.rounds.value,
            stopOnFeature: i.feature.checked,
        };
        for (const [key, input, name] of fields) {
            /** @param {string} why  @param {string | null} [code]  @returns {never} */
            const refuse = (why, code = null) => {
                input.setAttribute("aria-invalid", "true");
                input.focus();
                throw new AutoplayOptionError(why, { code, params: { key } });
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

    /** @param {SubmitEvent} ev */
    _submit(ev) {
        /** @type {PanelOptions} */
        let opts;
        try {
            opts = this.options();
        } catch (thrown) {
            // (options() throws an AutoplayOptionError for a bad field: the message shown, the field's option in its params and
            // the amount's code; or an unexpected Error)
            const err = /** @type {Error & { code?: string | null }} */ (thrown);
            ev.preventDefault();
            this.error.textContent = err.message;
            if (err.code) this.error.dataset.code = err.code;
            else delete this.error.dataset.code;
            this.error.hidden = false;
            return;
        }
        // the dialog closes (method="dialog"); autoplay starts once it has
        this.dialog.addEventListener("close", () => this.emit("startAsked", opts), { once: true });
    }
}
