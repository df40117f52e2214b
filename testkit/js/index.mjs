// @book-of-christmas-eve/playwright: Playwright Test fixtures and matchers for the game's page
// contract (docs/page-contract.md). README.md says how to use it; every wait here is one the
// contract names (`data-state`, `game.settled()`, the frame's messages), never a sleep.
import http from "node:http";
import { test as base, expect as baseExpect } from "@playwright/test";

export const SOURCE = "book-of-christmas-eve"; // the `source` of the game's messages, the `target` of commands
const BOOT_TIMEOUT_MS = 60_000; // a cold boot on a busy machine; the e2e tests allow the same

// A launch-settings object as a query string: true is 1, false is 0, a list is comma-separated,
// null and undefined are left out. Nothing else is checked: the page refuses a bad value itself.
export function query(settings = {}) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(settings)) {
        if (value == null) continue;
        const text = value === true ? "1" : value === false ? "0" : Array.isArray(value) ? value.join(",") : String(value);
        params.set(key, text);
    }
    return params.toString();
}

// The game's address: `base` (the project's baseURL, or a full URL such as a replay link) with
// the settings added to its query.
function address(base, settings) {
    if (!base) throw new Error("no baseURL: set `use: { baseURL }` in playwright.config to the game's address");
    const url = new URL(base);
    for (const [key, value] of new URLSearchParams(query(settings))) url.searchParams.set(key, value);
    return url.href;
}

// What the kit remembers of each round it played: the balance before and after (toHaveCredited).
const played = new WeakMap();

class Game {
    constructor(page, baseURL) {
        this.page = page;
        this.baseURL = baseURL;
    }

    // Open the game with these launch settings (or open `url`, e.g. a replay link, with them
    // added); resolves once <html data-state="ready">, rejects with #status's text on "error".
    async open(settings = {}, { url = this.baseURL, timeout = BOOT_TIMEOUT_MS } = {}) {
        if (typeof settings === "string") [url, settings] = [settings, {}];
        const target = address(url, settings);
        await this.page.goto(target);
        const html = this.page.locator("html[data-state=ready], html[data-state=error]");
        await html.waitFor({ state: "attached", timeout });
        if ((await html.getAttribute("data-state")) === "error") {
            const status = (await this.page.locator("#status").textContent()) ?? "";
            throw new Error(`${target}: the game stopped (data-state="error"): ${status.trim()}`);
        }
        return this;
    }

    spin() { return this.#play("spin"); }
    buy() { return this.#play("buy"); }

    // The round's dict (Round.to_dict()) once its win is credited and nothing animates any more.
    async #play(kind) {
        const { round, before, after } = await this.page.evaluate(async (kind) => {
            const minor = () => Number(document.querySelector("#balance")?.dataset.minor ?? NaN);
            const before = minor();
            const round = await window.game[kind]();
            await window.game.settled();
            return { round, before, after: minor() };
        }, kind);
        played.set(round, { before, after });
        return round;
    }

    // Amounts in minor units, as the page holds them (data-minor).
    balance() { return this.#minor("#balance"); }
    bet() { return this.#minor("#bet"); }
    win() { return this.#minor("#win"); }
    async #minor(selector) {
        return Number(await this.page.locator(selector).getAttribute("data-minor"));
    }

    // The page API itself (window.game), one call each.
    state() { return this.page.evaluate(() => window.game.state()); }
    history() { return this.page.evaluate(() => window.game.history()); }
    settled() { return this.page.evaluate(() => window.game.settled()); }
    setBet(minor) { return this.page.evaluate((minor) => window.game.setBet(minor), minor); }
    replayLink(index) { return this.page.evaluate((index) => window.game.replayLink(index), index); }
    playReplay() { return this.page.evaluate(() => window.game.playReplay()); }
    // History entry `index` played again (no money moves): its round once settled.
    replay(index) {
        return this.page.evaluate(async (index) => {
            const round = await window.game.replay(index);
            await window.game.settled();
            return round;
        }, index);
    }

    // A moment inside a round, held for a screenshot: with the page's clock installed before
    // open() (`await page.clock.install()`), pauses it, starts `play` ("spin" or "buy") if given
    // without waiting for it, and moves the clock `stepMs` at a time until `selector` is on the
    // page (the feature intro's landed book: ".book-anim[data-landed]"); then, in still mode, the
    // page paints itself afresh (window.game.repaint()). `page.clock.resume()` lets the round go on.
    holdUntil(selector, options) { return holdUntil(this.page, this.page, selector, options); }
}

// Game.holdUntil and the embedded game's: the game in `where` (the page, or its frame in a host
// page), on the clock of `page` (a frame's clock is its page's).
async function holdUntil(page, where, selector, { play, stepMs = 16, maxMs = 60_000 } = {}) {
    const clock = page.clock;
    await clock.pauseAt((await where.evaluate(() => Date.now())) + 1000);
    if (play !== undefined) {
        if (play !== "spin" && play !== "buy") throw new Error(`play is "spin" or "buy", not ${JSON.stringify(play)}`);
        await where.evaluate((kind) => { window.game[kind]().catch(() => {}); }, play);
    }
    for (let i = 0; i < Math.max(1, Math.floor(maxMs / stepMs)); i += 1) {
        await clock.runFor(stepMs);
        if (await where.locator(selector).count()) {
            await where.evaluate(() => window.game.repaint());
            return;
        }
    }
    throw new Error(`${selector} was not on the page after ${maxMs} ms of the page's clock`);
}

// The host page: the game framed at `src`, every message from the frame kept in `msgs`.
function hostPage(src, width, height) {
    const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
    return `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>embed host</title>
<style>html, body { margin: 0; } iframe { display: block; border: 0; }</style>
<script>window.msgs = []; addEventListener("message", (e) => {
    if (e.source === document.getElementById("g").contentWindow) msgs.push(e.data); });</script>
<iframe id="g" src="${esc(src)}" width="${esc(width)}" height="${esc(height)}"></iframe>`;
}

// A Node http server on 127.0.0.1 (an ephemeral port) serving generated pages by path. Chromium
// will not show a frame in a parent that page.route() fulfilled, so the host is really served.
async function startServer() {
    const pages = new Map();
    const server = http.createServer((req, res) => {
        const body = pages.get(new URL(req.url, "http://x").pathname);
        res.writeHead(body ? 200 : 404, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        res.end(body ?? "not found");
    });
    await new Promise((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
    const root = `http://127.0.0.1:${server.address().port}`;
    return {
        add(html) { const path = `/host-${pages.size + 1}.html`; pages.set(path, html); return root + path; },
        close: () => new Promise((resolve) => server.close(resolve)),
    };
}

class EmbedHost {
    constructor(context, baseURL) {
        this.context = context;
        this.baseURL = baseURL;
        this.server = null;
    }

    // A page of its own framing the game (`?embed=1` and the settings) at width x height;
    // resolves once the game posted `ready`, rejects with its `error` message.
    async open(settings = {}, { width = 320, height = 568, timeout = BOOT_TIMEOUT_MS } = {}) {
        const src = address(this.baseURL, { embed: 1, ...settings });
        this.server ??= await startServer();
        const page = await this.context.newPage();
        await page.goto(this.server.add(hostPage(src, width, height)));
        const first = await page.waitForFunction(
            () => window.msgs.find((m) => m?.type === "ready" || m?.type === "error"), null, { timeout });
        const message = await first.jsonValue();
        if (message.type === "error") throw new Error(`${src}: the game stopped: ${message.message}`);
        const frame = await (await page.locator("#g").elementHandle()).contentFrame();
        const origin = new URL(src).origin;
        const messages = (type) => page.evaluate((type) => window.msgs.filter((m) => !type || m?.type === type), type);
        let errorsBefore = 0; // `error` messages posted before the last send(): answered already
        return {
            page,
            frame,
            // every message the frame posted, oldest first; of one `type` only when given
            messages,
            // one of the contract's commands ({type: "spin"}, {type: "setBet", bet: 200}, ...)
            async send(message) {
                errorsBefore = (await messages("error")).length;
                await page.evaluate(([m, origin]) => document.getElementById("g").contentWindow.postMessage(m, origin),
                    [{ ...message, target: SOURCE }, origin]);
            },
            // the `count`-th message of this type; rejects at an `error` message posted since the
            // last send() (the command refused): errors answered before it are history
            async waitFor(type, { count = 1, timeout: wait = BOOT_TIMEOUT_MS } = {}) {
                await page.waitForFunction(([t, n, e]) => window.msgs.filter((m) => m?.type === t).length >= n
                    || (t !== "error" && window.msgs.filter((m) => m?.type === "error").length > e),
                [type, count, errorsBefore], { timeout: wait });
                const ofType = await messages(type);
                if (ofType.length < count) {
                    const errors = (await messages("error")).slice(errorsBefore);
                    throw new Error(`${src}: the game posted an error: ${JSON.stringify(errors)}`);
                }
                return ofType[count - 1];
            },
            // Game.holdUntil for the framed game, on the host page's clock (`page.clock.install()`
            // once the game is framed)
            holdUntil: (selector, options) => holdUntil(page, frame, selector, options),
        };
    }

    async close() {
        await this.server?.close();
    }
}

export const test = base.extend({
    game: async ({ page, baseURL }, use) => {
        await use(new Game(page, baseURL));
    },
    embedHost: async ({ context, baseURL }, use) => {
        const host = new EmbedHost(context, baseURL);
        await use(host);
        await host.close();
    },
});

// A matcher's result from a check done with Playwright's own assertions (which retry): `check`
// gets the assertion, `.not` under `expect(...).not`, and the result says what was true.
async function retried(ctx, name, check) {
    let pass = true;
    let error = null;
    try {
        await check((assertion) => (ctx.isNot ? assertion.not : assertion));
    } catch (e) {
        pass = false;
        error = e;
    }
    if (ctx.isNot) pass = !pass;
    return { pass, name, message: () => error?.message ?? `${name}: passed, expected it not to` };
}

export const expect = baseExpect.extend({
    // The page is idle and can be played: <html data-state="ready">.
    async toBeReady(game, options) {
        const html = baseExpect(game.page.locator("html"));
        return retried(this, "toBeReady", (not) => not(html).toHaveAttribute("data-state", "ready", options));
    },

    // `round` (from game.spin() or game.buy()) was debited and credited: the balance once it was
    // credited is the balance before it, less round.cost, plus round.total_win.
    async toHaveCredited(game, round) {
        const seen = played.get(round);
        if (!seen) {
            const message = () => "toHaveCredited: pass a round that game.spin() or game.buy() returned";
            return { pass: false, name: "toHaveCredited", message };
        }
        const want = seen.before - round.cost + round.total_win;
        const pass = seen.after === want;
        return {
            pass, // what is true: expect(...).not inverts it
            name: "toHaveCredited",
            expected: want,
            actual: seen.after,
            message: () => `${this.utils.matcherHint("toHaveCredited", "game", "round", { isNot: this.isNot })}\n\n`
                + `balance before ${seen.before} - cost ${round.cost} + win ${round.total_win} = ${want}\n`
                + `balance after: ${this.utils.printReceived(seen.after)}`,
        };
    },

    // The framed game posted a message of this `type` (at least `count` of them), within the timeout.
    async toHavePosted(host, type, { count = 1, timeout } = {}) {
        const posted = async () => (await host.messages(type)).length;
        return retried(this, "toHavePosted", (not) => not(baseExpect.poll(posted,
            { message: `messages of type ${JSON.stringify(type)}`, timeout })).toBeGreaterThanOrEqual(count));
    },
});
