// Shared by the unit tests of the page's pure modules (node --test tests/js/; `make test-js`):
// the shipped model file, read the way the page gets it (the fields launch.js and amounts.js
// use: bets, default_bet, paylines, max_win).
import { readFileSync } from "node:fs";

export const MODEL = JSON.parse(readFileSync(new URL("../../engine/data/model.json", import.meta.url), "utf8"));
