// Book of Christmas Eve, PAR page (par.html): every figure of static/par.json, charts drawn from
// them, the model's reel strips and paytable, and the RTP lab (lab.js).
//
// The page needs no Python to show the sheet: static/par.json is `python -m engine par --json`
// (`make par` writes it, a test keeps it fresh). Every figure is an element with data-key (its
// JSON path, dot-separated) and data-value (its raw value). Figures derived from two of them
// (e.g. the capped RTP range) carry data-derived instead. <html data-state> goes "loading" ->
// "ready" (or "error"); the lab keeps its own state in <html data-lab>.

import { barChart, stackChart } from "./charts.js";
import {
    displayName, el, figure, fixed, grouped, oneIn, pct, section, smallPct, stat, table, times,
} from "./dom.js";
import { t } from "../i18n.js";
import { languageReady } from "../language.js";
import { initLab } from "./lab.js";
import { paytableSection, reelsSection } from "./tables.js";

const PAR_URL = "./static/par.json";
const MODEL_URL = "./engine/data/model.json";

function derived(formula, value, text) {
    const node = el("span", "fig", text);
    node.dataset.derived = formula;
    node.dataset.value = String(value);
    return node;
}

function rtpSection(par) {
    const cap = par.cap;
    const s = section("rtp", "Return to player",
        "The share of all money bet that the game pays back over the long run, computed exactly " +
        "over every stop combination of the reels (no sampling).");
    const grid = el("div", "par-stats");
    grid.append(
        stat("RTP without the cap", figure("rtp", par.rtp, pct(par.rtp, 4)),
            ["exactly ", figure("rtp_exact", par.rtp_exact, par.rtp_exact, "code")]),
        stat(`RTP with the ${grouped(par.max_win)}× cap`,
            derived("rtp - cap.rtp_loss_max .. rtp - cap.rtp_loss_min", par.rtp - cap.rtp_loss_max,
                `${pct(par.rtp - cap.rtp_loss_max, 3)} – ${pct(par.rtp - cap.rtp_loss_min, 3)}`),
            ["the cap takes ", figure("cap.rtp_loss_min", cap.rtp_loss_min, pct(cap.rtp_loss_min, 4)),
                " to ", figure("cap.rtp_loss_max", cap.rtp_loss_max, pct(cap.rtp_loss_max, 4))]),
        stat("Base game lines", figure("base_rtp", par.base_rtp, pct(par.base_rtp, 3)), "of the bet, paid by base spins"),
        stat("Free spins", figure("free_spins_rtp", par.free_spins_rtp, pct(par.free_spins_rtp, 3)), "of the bet, paid by features"),
        stat("Bought feature RTP", figure("buy_rtp", par.buy_rtp, pct(par.buy_rtp, 4)),
            ["price ", figure("buy_price", par.buy_price, `${grouped(par.buy_price)}× bet`)],
            ["the cap takes ", figure("cap.buy_rtp_loss_min", cap.buy_rtp_loss_min, pct(cap.buy_rtp_loss_min, 4)),
                " to ", figure("cap.buy_rtp_loss_max", cap.buy_rtp_loss_max, pct(cap.buy_rtp_loss_max, 4))]),
        stat("Bought feature with the cap",
            derived("buy_rtp - cap.buy_rtp_loss_max .. buy_rtp - cap.buy_rtp_loss_min", par.buy_rtp - cap.buy_rtp_loss_max,
                `${pct(par.buy_rtp - cap.buy_rtp_loss_max, 3)} – ${pct(par.buy_rtp - cap.buy_rtp_loss_min, 3)}`)),
    );
    s.appendChild(grid);
    const note = el("p", "par-note");
    note.append("Cap effect computed exactly: ", figure("cap.exact", cap.exact, cap.exact ? "yes" : "no"),
        ". ", figure("cap.note", cap.note, `${cap.note}.`));
    s.appendChild(note);
    const edge = 1 - par.rtp;
    s.appendChild(stackChart([
        { label: "Base game", value: par.base_rtp, key: "base_rtp", text: pct(par.base_rtp, 1), cls: "seg-base" },
        { label: "Free spins", value: par.free_spins_rtp, key: "free_spins_rtp", text: pct(par.free_spins_rtp, 1), cls: "seg-free" },
        { label: "Kept by the game", value: edge, text: pct(edge, 1), cls: "seg-edge" },
    ], {
        title: "Where each bet goes: the RTP split (uncapped)",
        scaleLabels: [[0, "0%"], [0.5, "50%"], [1, "100% of the bet"]],
    }));
    return s;
}

function oddsSection(par) {
    const s = section("odds", "How often", "Per base-game round at any bet; wins in multiples of the total bet.");
    const grid = el("div", "par-stats");
    grid.append(
        stat("Hit frequency", figure("hit_frequency", par.hit_frequency, pct(par.hit_frequency, 2)),
            `base spins that win: ${oneIn(par.hit_frequency)}`),
        stat("Free spins triggered", figure("free_spins_frequency", par.free_spins_frequency, smallPct(par.free_spins_frequency)),
            ["1 in ", figure("free_spins_every", par.free_spins_every, fixed(par.free_spins_every, 2)), " base spins"]),
        stat("Free spins per feature", figure("free_spins", par.free_spins, grouped(par.free_spins)), "no retriggers"),
        stat("Average feature", figure("feature_value", par.feature_value, `${times(par.feature_value)} bet`),
            "a whole feature's win, averaged over the special symbols"),
        stat("Volatility", figure("volatility", par.volatility, `${times(par.volatility, 3)} bet`),
            "standard deviation of one round's win"),
        stat("Volatility, bought feature", figure("buy_volatility", par.buy_volatility, `${times(par.buy_volatility, 3)} bet`),
            "standard deviation of a bought round's win"),
    );
    s.appendChild(grid);
    return s;
}

// max_win_odds.<kind> is [LOW, HIGH], "1 in N" bounds around the true N (exact from the model);
// shown rounded outwards (floor / ceil), so the range still holds it.
function maxWinOdds(par, kind, label, note) {
    const pair = par.max_win_odds?.[kind];
    if (!pair) return stat(label, figure(`max_win_odds.${kind}`, "null", "never"), note);
    const [low, high] = pair;
    const main = el("span", "", "1 in ");
    main.append(figure(`max_win_odds.${kind}.0`, low, grouped(Math.floor(low))), " – ",
        high === null ? "?" : figure(`max_win_odds.${kind}.1`, high, grouped(Math.ceil(high))));
    return stat(label, main, note);
}

function maxWinSection(par) {
    const s = section("maxwin", "Max win", "A round that reaches the cap ends at once and pays the cap.");
    const grid = el("div", "par-stats par-stats-4");
    grid.append(
        stat("Max win (cap)", figure("max_win", par.max_win, `${grouped(par.max_win)}× bet`)),
        stat("Largest round without the cap", figure("largest_round", par.largest_round, `${fixed(par.largest_round, 1)}× bet`),
            "the best possible round if there were no cap"),
        stat("Cap reachable", figure("cap_reachable", par.cap_reachable, par.cap_reachable ? "yes" : "no"),
            "some round can reach the cap"),
        stat("Largest base spin", figure("base_spin_max", par.base_spin_max, `${fixed(par.base_spin_max, 1)}× bet`),
            "the best single base-game spin"),
        maxWinOdds(par, "base", "Max win odds, base game", "per base-game round, free spins included; exact bounds"),
        maxWinOdds(par, "buy", "Max win odds, bought feature", "per bought feature; exact bounds"),
    );
    s.appendChild(grid);
    return s;
}

function specialsSection(par) {
    const s = section("specials", "Feature by special symbol",
        "Before the free spins, one symbol is drawn as the special expanding symbol. " +
        "Value of the whole feature (all free spins) by that symbol, in total bets.");
    const rows = Object.entries(par.specials).map(([sym, f]) => {
        const k = `specials.${sym}`;
        return [displayName(sym),
            figure(`${k}.probability`, f.probability, pct(f.probability, 2)),
            figure(`${k}.feature_value`, f.feature_value, `${times(f.feature_value)}`),
            figure(`${k}.feature_sd`, f.feature_sd, `${times(f.feature_sd, 1)}`),
            figure(`${k}.free_spin_mean`, f.free_spin_mean, `${times(f.free_spin_mean, 3)}`),
            figure(`${k}.free_spin_max`, f.free_spin_max, `${fixed(f.free_spin_max, 1)}×`)];
    });
    s.appendChild(barChart(Object.entries(par.specials).map(([sym, f]) => ({
        label: displayName(sym), value: f.feature_value, key: `specials.${sym}.feature_value`, text: times(f.feature_value, 1),
    })), {
        title: "Average feature value by special symbol (× bet); the line is the average over all of them",
        ref: { value: par.feature_value, label: `average ${times(par.feature_value, 1)}` },
    }));
    s.appendChild(table("par-specials",
        ["Symbol", "Chance", "Feature value", "Spread (SD)", "Mean free spin", "Best free spin"], rows));
    return s;
}

function symbolsSection(par) {
    const s = section("symbols", "Share of the RTP by symbol",
        "How much of each bet comes back through each symbol's wins (base game and free spins); " +
        "the shares add up to the RTP.");
    const entries = Object.entries(par.symbol_rtp);
    s.appendChild(barChart(entries.map(([sym, v]) => ({
        label: displayName(sym), value: v, key: `symbol_rtp.${sym}`, text: pct(v, 2),
    })), { title: "Share of the RTP by symbol (% of the bet)" }));
    const total = entries.reduce((a, [, v]) => a + v, 0);
    const rows = entries.map(([sym, v]) => [displayName(sym), figure(`symbol_rtp.${sym}`, v, pct(v, 3)),
        `${fixed((100 * v) / total, 1)}%`]);
    s.appendChild(table("par-symbols", ["Symbol", "RTP share", "Of the RTP"], rows));
    return s;
}

const BAND_NAMES = {
    0: "No win",
    "<1x": "Less than the bet",
};

function bandsSection(par) {
    const s = section("bands", "Base game wins",
        "How one base spin's win compares with the total bet (free spins not included).");
    const entries = Object.entries(par.base_win_bands);
    const label = (band) => BAND_NAMES[band] ?? band.replace(/x$/, "×").replace(/^>/, "over ");
    s.appendChild(barChart(entries.map(([band, p]) => ({
        label: band === "0" ? "0" : band.replace(/x$/, "×"), value: p, key: `base_win_bands.${band}`, text: smallPct(p),
    })), { title: "Distribution of a base spin's win (× bet)" }));
    const rows = entries.map(([band, p]) => [label(band), figure(`base_win_bands.${band}`, p, smallPct(p)), oneIn(p, 1)]);
    s.appendChild(table("par-bands", ["Win", "Chance", "How often"], rows));
    return s;
}

function nav(ids) {
    const n = el("nav", "par-nav");
    n.setAttribute("aria-label", "Sections");
    for (const [id, text] of ids) {
        const a = el("a", "", text);
        a.href = `#${id}`;
        n.appendChild(a);
    }
    return n;
}

async function getJSON(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json();
}

async function main() {
    await languageReady; // the tables first (language.js)
    const status = document.getElementById("status");
    try {
        const [par, model] = await Promise.all([getJSON(PAR_URL), getJSON(MODEL_URL)]);
        const content = document.getElementById("par-content");
        const name = document.getElementById("par-name");
        name.replaceChildren(figure("name", par.name, par.name));
        content.replaceChildren(
            nav(["rtp", "odds", "maxwin", "specials", "symbols", "bands", "reels", "paytable", "lab"].map((id) => [id, t(`par.nav.${id}`)])),
            rtpSection(par), oddsSection(par), maxWinSection(par), specialsSection(par), symbolsSection(par),
            bandsSection(par), reelsSection(model), paytableSection(model),
        );
        initLab(document.getElementById("lab"), par);
        content.appendChild(document.getElementById("lab"));
        status.textContent = "";
        document.documentElement.dataset.state = "ready";
    } catch (err) {
        status.textContent = t("par.failed", { reason: err?.message ?? err });
        document.documentElement.dataset.state = "error";
        console.error(err);
    }
}

main();
