// The shapes of the data the engine hands the page (JSON: amounts in minor units), for the
// front end's type check (tsconfig.json). Written from the engine's own to_dict methods, each
// named below; the round's events are generated (engine.d.ts, from engine/events.py).
import type { EngineEvent } from "./engine";

/** engine/data/model.json: the game's maths (docs/rules.md, engine/data/MODEL.md). */
export interface Model {
    readonly name: string;
    /** The wild and scatter: the book. */
    readonly wild: string;
    /** paytable[symbol][count]: what `count` of `symbol` on a line pays, in line bets. */
    readonly paytable: Readonly<Record<string, Readonly<Record<string, number>>>>;
    /** Each line: a row index (0-2) per reel. */
    readonly paylines: ReadonlyArray<ReadonlyArray<number>>;
    readonly free_spins: {
        readonly count: number;
        readonly multiplier_weights: Readonly<Record<string, number>>;
        readonly special_weights: Readonly<Record<string, number>>;
    };
    /** The cap, in total bets. */
    readonly max_win: number;
    /** The feature's price, in total bets. */
    readonly buy_price: number;
    /** The bet levels, in minor units. */
    readonly bets: ReadonlyArray<number>;
    readonly default_bet: number;
    /** The strips: the base game's and the free spins', a list of symbols per reel. */
    readonly reels: Readonly<Record<"base" | "free_spins", ReadonlyArray<ReadonlyArray<string>>>>;
    readonly big_wins: ReadonlyArray<{ readonly name: string; readonly level: number; readonly at: number }>;
    readonly anticipation_books: number;
}

/** engine/offer.py Offer.to_dict: what a bet costs and pays (bridge.offer). */
export interface Offer {
    readonly bet: number;
    readonly cost: number;
    readonly buy_cost: number;
    readonly line_bet: number;
    readonly bets: ReadonlyArray<number>;
    /** paytable[symbol][count] at this bet, in minor units. */
    readonly paytable: Readonly<Record<string, Readonly<Record<string, number>>>>;
    readonly cap: number;
    readonly big_win: ReadonlyArray<{ readonly name: string; readonly level: number; readonly at: number }>;
    readonly free_spins: number;
}

/** engine/spin.py Spin.to_dict, with the running totals engine/round.py Round.to_dict adds. */
export interface SpinRecord {
    readonly kind: "base" | "free";
    readonly stops: ReadonlyArray<number>;
    /** grid[reel][row]. */
    readonly grid: ReadonlyArray<ReadonlyArray<string>>;
    readonly special: string | null;
    readonly multipliers: Readonly<Record<string, number>>;
    readonly multiplier: number;
    /** [reel, row] of each book. */
    readonly books: ReadonlyArray<readonly [number, number]>;
    readonly triggers: boolean;
    readonly line_wins: ReadonlyArray<{
        readonly line: number; readonly symbol: string; readonly count: number; readonly multiplier: number;
        readonly amount: number; readonly positions: ReadonlyArray<readonly [number, number]>;
    }>;
    readonly expanding_win: null | {
        readonly symbol: string; readonly reels: ReadonlyArray<number>; readonly multiplier: number; readonly amount: number;
    };
    readonly win: number;
    readonly free_spins_left: number;
    /** 0 for the base spin, 1.. for the free spins. */
    readonly number: number;
    readonly round_total: number;
    readonly feature_total: number;
}

/** engine/round.py Round.to_dict: a whole round, decided by the engine (bridge.playRound). */
export interface RoundRecord {
    readonly format: number;
    readonly bet: number;
    readonly buy: boolean;
    readonly cost: number;
    readonly line_bet: number;
    readonly cap: number;
    readonly special: string | null;
    readonly free_spins: number;
    readonly total_win: number;
    readonly end: "complete" | "max_win";
    readonly spins: ReadonlyArray<SpinRecord>;
    readonly events: ReadonlyArray<EngineEvent>;
}
