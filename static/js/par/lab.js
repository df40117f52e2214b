// @ts-check
// Book of Christmas Eve, PAR page: the RTP lab. The game's own engine (engine.simulate, in
// Pyodide) plays seeded rounds in a Web Worker (lab-worker.js) while this module shows the
// running figures against the exact ones of the PAR sheet.
//
//   window.lab.run({ rounds, seed, buy }) -> Promise of the figures of
//       `python -m engine simulate --rounds N --seed S [--buy] --json` (same fields; same values
//       except rounds_per_second and seconds). After lab.stop() it resolves with the figures of
//       the rounds played so far, which are those of the CLI run with that many rounds.
//   window.lab.stop()
//   window.lab.python  the version of Python in the worker (null until loaded)
//   window.lab.state   "idle" | "loading" | "ready" | "running" | "done" | "stopped" | "error"
//                      (mirrored in <html data-lab>)
//
// rounds: an integer from 10,000 to 10,000,000; seed: an integer (as the CLI's --seed).

import { fixed, grouped, locale, pct, smallPct, timesBet } from "./figures.js";
import { LiveChart } from "./lab-chart.js";
import { plural, t } from "../lang/i18n.js";

export const MIN_ROUNDS = 10_000;
export const MAX_ROUNDS = 10_000_000;

/** @typedef {import("./page.js").ParSheet} ParSheet */

/**
 * A run's figures: `python -m engine simulate --json`'s fields (engine/simulate.py
 * Simulation.figures), for the rounds played so far. The frequencies are null for bought features.
 * @typedef {object} Figures
 * @property {number} rounds
 * @property {number} seed
 * @property {boolean} buy
 * @property {number} bet
 * @property {number} workers
 * @property {number} rtp
 * @property {number} rtp_ci95 the half-width of the RTP's 95% confidence band
 * @property {number | null} base_rtp
 * @property {number | null} hit_frequency
 * @property {number | null} free_spins_frequency
 * @property {number} volatility
 * @property {number} max_win_seen in bets
 * @property {number} capped_rounds
 * @property {number | null} rounds_per_second (null: no time measured yet)
 * @property {number} seconds
 */
/**
 * What the worker says (lab-worker.js): its loading status (a key of the tables, and a count),
 * that the engine is ready, a run's progress and end, or an error (id null: loading failed).
 * @typedef {{ type: "status", key: string, n?: number }
 *     | { type: "ready", python: string }
 *     | { type: "progress", id: number, figures: Figures }
 *     | { type: "done", id: number, figures: Figures | null, stopped: boolean }
 *     | { type: "error", id: number | null, message: string, key?: string }} WorkerMessage
 */
/** @typedef {Extract<WorkerMessage, { type: "status" }>} StatusMessage */
/**
 * A run as asked for (lab.run, the form), not yet checked.
 * @typedef {object} RunOptions
 * @property {number} [rounds] an integer from MIN_ROUNDS to MAX_ROUNDS
 * @property {number} [seed] a safe integer
 * @property {boolean} [buy] bought features (false by default)
 */
/**
 * The exact figures a run is measured against (exactFor).
 * @typedef {object} Exact
 * @property {number} rtp the RTP after the cap
 * @property {number} lo its proven lower bound
 * @property {number} hi its proven upper bound
 * @property {number} sd a round's standard deviation, in bets
 * @property {number | null} hit the hit frequency (null for bought features)
 * @property {number | null} fs the free spins' frequency (null for bought features)
 */
/**
 * The run under way.
 * @typedef {object} Job
 * @property {number} id
 * @property {(figures: Figures) => void} resolve
 * @property {(error: Error) => void} reject
 * @property {Exact} exact
 * @property {number} target its length in rounds
 * @property {number} seed
 * @property {boolean} buy
 * @property {boolean} [posted] sent to the worker
 * @property {boolean} [cancelled] stopped before it was sent
 */
/** The lab's states (<html data-lab>). @typedef {"idle" | "loading" | "ready" | "running" | "done" | "stopped" | "error"} LabState */
/**
 * window.lab: the lab for scripts (and the tests).
 * @typedef {object} LabApi
 * @property {(options: RunOptions) => Promise<Figures>} run
 * @property {() => void} stop
 * @property {LabState} state
 * @property {string | null} python the worker's Python version (null until loaded)
 */
/**
 * The lab's elements in par.html, by id.
 * @typedef {{
 *     "lab-form": HTMLFormElement, "lab-seed": HTMLInputElement, "lab-rounds": HTMLInputElement,
 *     "lab-buy": HTMLInputElement, "lab-start": HTMLButtonElement, "lab-stop": HTMLButtonElement,
 *     "lab-message": HTMLElement, "lab-bar": HTMLElement, "lab-chart": HTMLCanvasElement,
 *     "lab-scale": HTMLButtonElement, "lab-done": HTMLElement, "lab-rtp": HTMLElement,
 *     "lab-exact": HTMLElement, "lab-hit": HTMLElement, "lab-fs": HTMLElement, "lab-speed": HTMLElement,
 *     "lab-max": HTMLElement, "lab-capped": HTMLElement, "lab-verdict": HTMLElement,
 * }} LabElements
 */

/**
 * The lab's element `id` (par.html has every one).
 * @template {keyof LabElements} K
 * @param {K} id
 * @returns {LabElements[K]}
 */
const $ = (id) => /** @type {LabElements[K]} */ (document.getElementById(id));

/**
 * The run asked for, checked (its words in the page's language).
 * @param {RunOptions} [options]
 * @returns {Required<RunOptions>}
 */
function check({ rounds, seed, buy = false } = {}) {
    // (after Number.isInteger, a number)
    if (!Number.isInteger(rounds) || /** @type {number} */ (rounds) < MIN_ROUNDS || /** @type {number} */ (rounds) > MAX_ROUNDS) {
        throw new RangeError(t("par.lab.badRounds", { min: grouped(MIN_ROUNDS), max: grouped(MAX_ROUNDS) }));
    }
    if (!Number.isSafeInteger(seed)) throw new RangeError(t("par.lab.badSeed", { max: grouped(Number.MAX_SAFE_INTEGER) }));
    if (typeof buy !== "boolean") throw new TypeError(t("par.lab.badFlag", { option: "buy" }));
    return /** @type {Required<RunOptions>} */ ({ rounds, seed, buy }); // checked above
}

/** The exact figures a run is measured against (after the cap, from the PAR sheet).
 *  @param {ParSheet} par
 *  @param {boolean} buy
 *  @returns {Exact} */
export function exactFor(par, buy) {
    const cap = par.cap;
    return buy
        ? { rtp: par.buy_rtp_capped, lo: cap.buy_rtp_capped[0], hi: cap.buy_rtp_capped[1],
            sd: par.buy_volatility / par.buy_price, hit: null, fs: null }
        : { rtp: par.rtp_capped, lo: cap.rtp_capped[0], hi: cap.rtp_capped[1],
            sd: par.volatility, hit: par.hit_frequency, fs: par.free_spins_frequency };
}

/** Is the exact RTP (its proven bounds) inside the run's 95% band rtp ± rtp_ci95?
 *  @param {Pick<Figures, "rtp" | "rtp_ci95">} figures
 *  @param {Pick<Exact, "lo" | "hi">} exact
 *  @returns {boolean} */
export function inside(figures, exact) {
    return figures.rtp - figures.rtp_ci95 <= exact.hi && figures.rtp + figures.rtp_ci95 >= exact.lo;
}

/** The 95% band of a frequency `p` measured over `n` rounds. @type {(p: number, n: number) => number} */
const binomialBand = (p, n) => 1.96 * Math.sqrt((p * (1 - p)) / n);
/** The exact RTP after the cap as the sheet shows it (its proven bounds round to it). @type {(exact: Exact) => string} */
const shown = (exact) => pct(exact.rtp, 4);
/** "Playing 20,000 rounds with seed 7…" (or bought features). @type {(rounds: number, seed: number, buy: boolean) => string} */
const playing = (rounds, seed, buy) => plural(buy ? "par.lab.playingBuy" : "par.lab.playing", rounds, { count: grouped(rounds), seed });

/** A status of the worker ({ key, n }) in the page's words. @type {(msg: StatusMessage) => string} */
const statusText = (msg) => (msg.n === undefined ? t(msg.key) : plural(msg.key, msg.n));

/** The player's digits without the grouping of the page's language ("1.000.000" in German).
 *  @param {string} text
 *  @returns {string} */
function digits(text) {
    const group = new Intl.NumberFormat(locale()).formatToParts(10000).find((p) => p.type === "group")?.value ?? ",";
    return text.split(group).join("").replace(/[\s,_\u066c]/g, "");
}

/**
 * Sets up the lab in `root` (its section of par.html), measured against the sheet `par`, and
 * window.lab.
 * @param {HTMLElement} root
 * @param {ParSheet} par
 */
export function initLab(root, par) {
    const chart = new LiveChart($("lab-chart"));
    /** @type {Worker | null} */
    let worker = null;
    /** @type {LabState} */
    let state = "idle";
    /** @type {Job | null} */
    let job = null; // { id, resolve, reject, exact, target }
    let nextId = 1;
    /** @type {Promise<void> | null} the engine loaded in the worker */
    let booted = null;
    let engineReady = false;
    /** @type {string | null} */
    let python = null; // the worker's Python version, once loaded

    /** @param {LabState} s */
    const setState = (s) => {
        state = s;
        document.documentElement.dataset.lab = s;
        $("lab-start").disabled = Boolean(job);
        $("lab-stop").disabled = !job;
    };
    /** @type {(text: string, kind?: "" | "is-bad") => void} */
    const say = (text, kind = "") => {
        $("lab-message").textContent = text;
        $("lab-message").className = `lab-message ${kind}`.trim();
    };

    /** @param {string} message */
    function failAll(message) {
        const failed = job;
        job = null;
        booted = null;
        engineReady = false;
        bootFailed?.(new Error(message));
        bootFailed = null;
        worker?.terminate();
        worker = null;
        say(message, "is-bad");
        setState("error");
        failed?.reject(new Error(message));
    }

    /** @type {((error: Error) => void) | null} rejects `booted` */
    let bootFailed = null;

    /** @returns {Promise<void>} */
    function boot() {
        if (booted) return booted;
        booted = new Promise((resolve, reject) => {
            bootFailed = reject;
            worker = new Worker(new URL("./lab-worker.js", import.meta.url), { type: "module" });
            worker.addEventListener("error", (e) => {
                e.preventDefault?.();
                failAll(t("par.lab.noStart", { reason: e.message || t("par.lab.noWorker") }));
            });
            worker.addEventListener("message", (e) => onMessage(e.data, resolve));
            worker.postMessage({ type: "boot" });
        });
        booted.catch(() => {}); // failAll reports it
        if (state === "idle") setState("loading");
        return booted;
    }

    /**
     * @param {WorkerMessage} msg
     * @param {() => void} resolveBoot
     */
    function onMessage(msg, resolveBoot) {
        if (msg.type === "status") {
            say(job ? t("par.lab.thenRun", { status: statusText(msg) }) : statusText(msg));
        } else if (msg.type === "ready") {
            engineReady = true;
            python = msg.python;
            resolveBoot();
            if (state === "loading" && !job) setState("ready");
            if (job) say(t("par.lab.loadedRun", { python: msg.python, playing: playing(job.target, job.seed, job.buy) }));
            else say(t("par.lab.loaded", { python: msg.python }));
        } else if (msg.type === "progress" && job && msg.id === job.id) {
            show(msg.figures);
        } else if (msg.type === "done" && job && msg.id === job.id) {
            const { resolve, reject } = job;
            const figures = msg.figures;
            job = null;
            if (!figures) {
                setState("stopped");
                say(t("par.lab.stoppedEarly"));
                reject(new Error(t("par.lab.stoppedEarly")));
                return;
            }
            show(figures);
            verdict(figures, msg.stopped);
            setState(msg.stopped ? "stopped" : "done");
            const end = `par.lab.${msg.stopped ? "stopped" : "done"}${figures.buy ? "Buy" : ""}`;
            say(plural(end, figures.rounds, { count: grouped(figures.rounds), seed: figures.seed, seconds: fixed(figures.seconds, 1) }));
            resolve(figures);
        } else if (msg.type === "error") {
            if (msg.id === null || !job || msg.id !== job.id) {
                failAll(t("par.lab.noStart", { reason: msg.key ? t(msg.key) : msg.message })); // loading the engine failed
                return;
            }
            const { reject } = job;
            job = null;
            const text = t("par.lab.failed", { reason: msg.key ? t(msg.key) : msg.message });
            say(text, "is-bad");
            setState("error");
            reject(new Error(text));
        }
    }

    /** The figures so far. @param {Figures} f */
    function show(f) {
        const exact = job?.exact ?? exactFor(par, f.buy);
        const target = job?.target ?? f.rounds;
        chart.add({ n: f.rounds, rtp: f.rtp, ci: f.rtp_ci95 });
        $("lab-done").textContent = t("par.lab.progress", { done: grouped(f.rounds), target: grouped(target) });
        $("lab-bar").style.width = `${(100 * f.rounds) / target}%`;
        $("lab-rtp").textContent = `${pct(f.rtp, 3)} ± ${pct(f.rtp_ci95, 3)}`;
        $("lab-rtp").dataset.value = String(f.rtp);
        /** @type {(id: "lab-hit" | "lab-fs", value: number | null, exactValue: number | null, fmt: (x: number) => string) => void} */
        const freq = (id, value, exactValue, fmt) => {
            const node = $(id);
            if (value === null || exactValue === null) {
                node.textContent = t("par.lab.buyOnly");
                return;
            }
            const band = binomialBand(exactValue, f.rounds);
            const ok = Math.abs(value - exactValue) <= band;
            node.textContent = t("par.lab.freq", { value: fmt(value), exact: fmt(exactValue), band: fmt(band) });
            node.className = ok ? "is-good" : "is-bad";
        };
        freq("lab-hit", f.hit_frequency, exact.hit, (x) => pct(x, 2));
        freq("lab-fs", f.free_spins_frequency, exact.fs, smallPct);
        $("lab-speed").textContent = f.rounds_per_second ? grouped(f.rounds_per_second) : "–";
        $("lab-max").textContent = timesBet(f.max_win_seen, 1);
        $("lab-capped").textContent = grouped(f.capped_rounds);
        const good = inside(f, exact);
        $("lab-rtp").className = good ? "is-good" : "is-bad";
    }

    /** A run's end: is the exact RTP inside its band?
     *  @param {Figures} f
     *  @param {boolean} stopped */
    function verdict(f, stopped) {
        const exact = exactFor(par, f.buy);
        const ok = inside(f, exact);
        const node = $("lab-verdict");
        node.hidden = false;
        node.className = `lab-verdict ${ok ? "is-good" : "is-bad"}`;
        node.dataset.inside = String(ok);
        const text = plural(ok ? "par.lab.inside" : "par.lab.outside", f.rounds, {
            count: grouped(f.rounds), rtp: pct(f.rtp, 3), ci: pct(f.rtp_ci95, 3), exact: shown(exact),
        });
        node.textContent = stopped ? t("par.lab.stoppedVerdict", { verdict: text }) : text;
    }

    /**
     * @param {RunOptions} options
     * @returns {Promise<Figures>}
     */
    async function run(options) {
        const { rounds, seed, buy } = check(options);
        if (job) throw new Error(t("par.lab.busy"));
        const exact = exactFor(par, buy);
        const id = nextId++;
        /** @type {Promise<Figures>} */
        const promise = new Promise((resolve, reject) => {
            job = { id, resolve, reject, exact, target: rounds, seed, buy };
        });
        $("lab-verdict").hidden = true;
        $("lab-seed").value = String(seed);
        $("lab-rounds").value = String(rounds);
        $("lab-buy").checked = buy;
        chart.reset({ target: rounds, exact: [exact.lo, exact.hi], sd: exact.sd });
        $("lab-exact").textContent = shown(exact);
        $("lab-bar").style.width = "0%";
        setState(engineReady ? "running" : "loading");
        say(playing(rounds, seed, buy));
        boot().then(() => {
            if (job?.id !== id) return;
            if (job.cancelled) {
                const { reject } = job;
                job = null;
                setState("stopped");
                say(t("par.lab.stoppedEarly"));
                reject(new Error(t("par.lab.stoppedEarly")));
                return;
            }
            job.posted = true;
            setState("running");
            /** @type {Worker} */ (worker).postMessage({ type: "run", id, rounds, seed, buy }); // booted: the worker is up
        }, () => {}); // failAll has rejected the job
        return promise;
    }

    function stop() {
        if (!job) return;
        if (job.posted) /** @type {Worker} */ (worker).postMessage({ type: "stop", id: job.id }); // posted: the worker is up
        else job.cancelled = true;
    }

    // ---- the form ----
    $("lab-form").addEventListener("submit", (event) => {
        event.preventDefault();
        const rounds = Number(digits($("lab-rounds").value));
        const seedText = $("lab-seed").value.trim();
        const seed = /^-?\d+$/.test(seedText) ? Number(seedText) : NaN;
        try {
            run({ rounds, seed, buy: $("lab-buy").checked }).catch((err) => say(err.message, "is-bad"));
        } catch (err) {
            say(/** @type {Error} */ (err).message, "is-bad"); // (run throws only Errors)
        }
    });
    $("lab-stop").addEventListener("click", stop);
    $("lab-scale").addEventListener("click", () => {
        const log = !chart.log;
        chart.setLog(log);
        $("lab-scale").textContent = t(log ? "par.linear" : "par.log");
        $("lab-scale").setAttribute("aria-pressed", String(!log));
    });
    $("lab-rounds").min = String(MIN_ROUNDS);
    $("lab-rounds").max = String(MAX_ROUNDS);
    $("lab-exact").textContent = shown(exactFor(par, false));
    chart.reset({ target: 1_000_000, exact: [exactFor(par, false).lo, exactFor(par, false).hi], sd: par.volatility });
    new ResizeObserver(() => chart.request()).observe($("lab-chart"));

    // Load the engine when the lab comes near the screen (or at the first run).
    if (typeof IntersectionObserver === "function") {
        const io = new IntersectionObserver((entries) => {
            if (entries.some((e) => e.isIntersecting)) {
                io.disconnect();
                boot();
            }
        }, { rootMargin: "600px" });
        io.observe(root);
    }

    /** @type {Window & { lab?: LabApi }} */ (window).lab = {
        run: (options) => {
            try {
                return run(options);
            } catch (err) {
                return Promise.reject(err);
            }
        },
        stop,
        get state() { return state; },
        get python() { return python; },
    };
    setState("idle");
}
