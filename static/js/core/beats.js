// @ts-check
// The round's beats in one table: how long the sequencer holds each moment of a round (ms at
// speed 1; the speed's factor scales them all), and what the canvas's animations time against
// them. A banner shows a little less long than its moment, so it is gone before the next one;
// the medallion of a book's multiplier spins in just before the book has grown (its moment).
// round/sequencer.js waits these; canvas/effects.js reads MEDAL_AT; nothing else writes a
// round's timing as a number.

export const BEAT = Object.freeze({
    /** the reels stopped: their glows stay this long */
    reelsStopped: 120,
    /** a book grows into its full reel (free spins), before its multiplier */
    bookExpanded: 450,
    /** a multiplier of x2 or more spins in on its medallion */
    multiplierShown: 550,
    /** an x1 book: no medallion, a shorter beat */
    noMultiplier: 300,
    /** the banner of two or more books' multipliers together */
    multipliersBanner: 1300,
    /** the line wins, shown together: many lines (more than 4) are shown quicker */
    lineWinsMany: 650,
    lineWinsFew: 950,
    /** after the lines: the total stands */
    lineWinsEnd: 500,
    /** the special symbol expands over its reels and pays */
    symbolExpanded: 1800,
    /** a free spin's end: with a win, and without */
    freeSpinWon: 700,
    freeSpinLost: 350,
    /** the books that triggered free spins glow under their banner (shown for triggerBanner) */
    triggered: 1700,
    triggerBanner: 1600,
    /** the max win's banner (maxWinBanner) and its moment */
    maxWin: 1900,
    maxWinBanner: 1800,
});

/** The medallion of a book's multiplier starts this long after the book (canvas/effects.js):
 *  30 ms before the sequencer's bookExpanded beat ends, so it is moving when the sound comes. */
export const MEDAL_AT = BEAT.bookExpanded - 30;
