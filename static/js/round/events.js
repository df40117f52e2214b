// @ts-check
// Names the engine uses in a round's JSON (engine/round.py): event types and spin kinds.
// One list, so a typo is an undefined constant rather than a silent mismatch. EventType holds
// engine.EVENT_TYPES (engine/events.py), in its order: tests/engine/test_event_types.py.

export const EventType = Object.freeze({
    ROUND_START: "roundStart",
    FREE_SPINS_START: "freeSpinsStart",
    FREE_SPIN: "freeSpin",
    REVEAL: "reveal",
    EXPAND_BOOKS: "expandBooks",
    LINE_WINS: "lineWins",
    EXPAND_SYMBOL: "expandSymbol",
    SPIN_END: "spinEnd",
    FREE_SPINS_TRIGGER: "freeSpinsTrigger",
    MAX_WIN: "maxWin",
    FREE_SPINS_END: "freeSpinsEnd",
    ROUND_END: "roundEnd",
});

export const SpinKind = Object.freeze({ BASE: "base", FREE: "free" });
