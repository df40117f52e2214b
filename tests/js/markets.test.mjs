// The markets are one list, launch.js MARKETS: the presets table of docs/page-contract.md says
// each preset's switches, least round time, stake limit and reality check as MARKETS has them
// (expected: the module's own values; the table is what an operator reads), and every market
// has its name in every language (jurisdiction.js labelOf: the tables' jur.NAME). The docs'
// lists of the names are tests/test_markets.py's. The launch settings table names every setting
// readSettings reads (LAUNCH_SETTINGS), and no other.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { LAUNCH_SETTINGS, MARKETS, SWITCHES, minorDigitsOf } from "../../static/js/operator/launch.js";
import { LANGUAGES } from "../../static/js/lang/languages.js";

const CONTRACT_FILE = new URL("../../docs/page-contract.md", import.meta.url);
const CONTRACT = readFileSync(CONTRACT_FILE, { encoding: "utf8" });

/** The presets table: its header's names, then a row of cells per market. */
function presetsTable() {
    const after = CONTRACT.split("The presets (`MARKETS` in launch.js):")[1];
    assert.ok(after, "docs/page-contract.md: the presets table is not found");
    const rows = after.trim().split("\n\n")[0].split("\n").filter((line) => line.startsWith("|"))
        .map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim()));
    const [header, , ...body] = rows;
    return { header, body: body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]]))) };
}

/** A stake limit as the table writes it: "none", or "1 EUR" per currency (minor units / 10^digits). */
const limitText = (maxBet) => (maxBet === null ? "none"
    : Object.entries(maxBet).map(([code, minor]) => `${minor / 10 ** minorDigitsOf(code)} ${code}`).join(", "));

test("the presets table of the page contract is MARKETS, value for value", () => {
    const { header, body } = presetsTable();
    const switches = SWITCHES.filter((name) => header.includes(name));
    assert.ok(switches.length >= 6); // the premise: the switches' columns were read
    assert.deepEqual(body.map((row) => row.market), Object.keys(MARKETS).map((name) => `\`${name}\``));
    for (const row of body) {
        const m = MARKETS[row.market.replaceAll("`", "")];
        for (const name of switches) assert.equal(row[name], String(m.switches[name]), `${row.market} ${name}`);
        assert.equal(row.minRound, String(m.minRound), `${row.market} minRound`);
        assert.equal(row.maxBet, limitText(m.maxBet), `${row.market} maxBet`);
        assert.equal(row.reality, m.reality === null ? "none" : String(m.reality), `${row.market} reality`);
    }
    // the switches the table leaves out are on in every preset, as the text under it says
    for (const name of SWITCHES.filter((s) => !switches.includes(s))) {
        assert.ok(Object.values(MARKETS).every((m) => m.switches[name] === 1), name);
        assert.match(CONTRACT, new RegExp(`\`${name}\` \\(on in every preset\\)`));
    }
});

test("every market has its name in every language", () => {
    for (const code of Object.keys(LANGUAGES)) {
        const table = JSON.parse(readFileSync(new URL(`../../static/i18n/${code}.json`, import.meta.url), "utf8"));
        assert.deepEqual(Object.keys(MARKETS).filter((name) => typeof table[`jur.${name}`] !== "string"), [], code);
    }
});

test("the launch settings table names every launch setting of launch.js, and no other", () => {
    const section = CONTRACT.split("\n## Launch settings\n")[1]?.split("\n## ")[0];
    assert.ok(section, "docs/page-contract.md: no Launch settings section");
    const table = section.split("| setting | values | default | a bad value |")[1].split("\n\n")[0];
    // each row's first cell: the settings' names in backquotes (the switches share one row)
    const named = table.split("\n").filter((line) => line.startsWith("| `"))
        .flatMap((line) => [...line.split("|")[1].matchAll(/`(\w+)`/g)].map((m) => m[1]));
    // `jurisdiction` is the older name of `market`, said in its row; the marketing embed's flags
    // (`poster`, `ageGate`) are rows of the table too, though a parent's configure cannot set them
    const wanted = [...LAUNCH_SETTINGS.filter((name) => name !== "jurisdiction"), "poster", "ageGate"];
    assert.deepEqual([...named].sort(), wanted.sort());
    assert.match(table, /^\| `market` \|[^\n]*`\?jurisdiction=uk` is `market=uk`/m);
});
