// Types of @book-of-christmas-eve/playwright (index.mjs), for TypeScript and for editors checking
// JavaScript. The page's contract behind them: docs/page-contract.md in the game's repository.
import type { Frame, Page, TestType, PlaywrightTestArgs, PlaywrightTestOptions,
    PlaywrightWorkerArgs, PlaywrightWorkerOptions, Expect } from "@playwright/test";

/** The `source` of the game's messages and the `target` of a parent's commands. */
export declare const SOURCE: "book-of-christmas-eve";

/** A launch setting's value: `true` is 1, `false` is 0, a list is comma-separated, null and
 *  undefined are left out. */
export type SettingValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/** The launch settings and page parameters, as an object (the page refuses a bad value itself). */
export interface Settings {
    scenario?: string;
    seed?: number | string;
    lang?: string;
    currency?: string;
    market?: string;
    balance?: number;
    still?: boolean | 0 | 1;
    speed?: "fast" | string;
    embed?: boolean | 0 | 1;
    [setting: string]: SettingValue;
}

/** A round as the engine decided it (Round.to_dict(), docs/engine.md "The round dict"): every
 *  amount in minor units. */
export interface Round {
    /** The round dict's format: 1. */
    format: number;
    /** The bet per spin (the line bet times the 10 lines). */
    bet: number;
    /** True for a bought feature. */
    buy: boolean;
    /** What the round took from the balance: the bet, or the feature's price. */
    cost: number;
    line_bet: number;
    /** The most the round can win: the model's max win times the bet (an amount, not a flag). */
    cap: number;
    /** The feature's special symbol, or null without a feature. */
    special: string | null;
    /** Free spins awarded. */
    free_spins: number;
    /** The round's win, capped. */
    total_win: number;
    /** "max_win" when the round reached the cap (and ended there), else "complete". */
    end: "complete" | "max_win";
    /** Each spin: kind, stops, grid, line_wins, expanding_win, win, ... */
    spins: Array<Record<string, unknown>>;
    events: Array<{ type: string; [field: string]: unknown }>;
    [field: string]: unknown;
}

/** The query string of a settings object. */
export declare function query(settings?: Settings): string;

export interface OpenOptions {
    /** The address to open instead of the project's baseURL (e.g. a replay link). */
    url?: string;
    /** Milliseconds to wait for `ready` (60 000). */
    timeout?: number;
}

/** The game in the test's page. */
export interface Game {
    readonly page: Page;
    readonly baseURL: string | undefined;
    open(settings?: Settings, options?: OpenOptions): Promise<Game>;
    open(url: string, options?: OpenOptions): Promise<Game>;
    spin(): Promise<Round>;
    buy(): Promise<Round>;
    balance(): Promise<number>;
    bet(): Promise<number>;
    win(): Promise<number>;
    /** window.game.state(): docs/page-contract.md lists its fields. */
    state(): Promise<Record<string, unknown>>;
    history(): Promise<Array<Record<string, unknown>>>;
    settled(): Promise<void>;
    setBet(minor: number): Promise<void>;
    replayLink(index: number): Promise<string>;
    playReplay(): Promise<Round>;
    /** History entry `index` played again (no money moves): its round once settled. */
    replay(index: number): Promise<Round>;
    holdUntil(selector: string, options?: { play?: "spin" | "buy"; stepMs?: number; maxMs?: number }): Promise<void>;
}

/** A message the framed game posted. */
export interface GameMessage {
    source: typeof SOURCE;
    type: string;
    [field: string]: unknown;
}

/** What embedHost.open() resolves to. */
export interface EmbeddedGame {
    readonly page: Page;
    readonly frame: Frame;
    messages(type?: string): Promise<GameMessage[]>;
    /** One of the contract's commands; the kit adds the target. */
    send(message: { type: string; [field: string]: unknown }): Promise<void>;
    /** The `count`-th message of this type (1); rejects at an `error` message posted since the
     *  last send(). `timeout`: 60 000 ms. */
    waitFor(type: string, options?: { count?: number; timeout?: number }): Promise<GameMessage>;
    /** Game.holdUntil for the framed game, on the host page's clock. */
    holdUntil(selector: string, options?: { play?: "spin" | "buy"; stepMs?: number; maxMs?: number }): Promise<void>;
}

export interface EmbedHost {
    open(settings?: Settings, options?: { width?: number; height?: number; timeout?: number }): Promise<EmbeddedGame>;
    close(): Promise<void>;
}

export interface Fixtures {
    game: Game;
    embedHost: EmbedHost;
}

export declare const test: TestType<PlaywrightTestArgs & PlaywrightTestOptions & Fixtures,
    PlaywrightWorkerArgs & PlaywrightWorkerOptions>;

type Matchers = {
    toBeReady(game: Game, options?: { timeout?: number }): Promise<{ pass: boolean; message: () => string }>;
    toHaveCredited(game: Game, round: Round): Promise<{ pass: boolean; message: () => string }>;
    toHavePosted(host: EmbeddedGame, type: string, options?: { count?: number; timeout?: number }): Promise<{ pass: boolean; message: () => string }>;
};

export declare const expect: Expect<Matchers>;
