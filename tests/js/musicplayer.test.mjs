// static/js/sound/musicplayer.js: the music's lookahead scheduler. Its rules, from the module's
// comment: notes are scheduled on the AudioContext clock by a timer 10 times a second, up to
// 0.8 s ahead, each run reaching at most 0.2 s further than the last; the first run comes
// with the timer's first tick (nothing in the task that starts the music), and starts the loop
// 0.1 s ahead of the clock. Here with Node's mock timers, a fake
// context whose clock we move, and voices that record when each note starts. The expected
// notes are read from the track (music.js TRACKS: [beat, midi, beats, voice], tempo) by hand:
// a note at beat b of loop pass k starts at start + k * loop + b * 60 / tempo.
import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";

import { MusicPlayer } from "../../static/js/sound/musicplayer.js";
import { TRACKS } from "../../static/js/sound/music.js";

const REACH = 0.2;
const LOOKAHEAD = 0.8;
const EPS = 1e-9;

beforeEach(() => mock.timers.enable({ apis: ["setInterval", "setTimeout"] }));
afterEach(() => mock.timers.reset());

function fakeAudio(now) {
    const starts = []; // the start time of each note scheduled
    const ctx = {
        currentTime: now,
        state: "running",
        createGain() {
            return { gain: { value: 0, cancelScheduledValues() {}, setTargetAtTime() {} }, connect() {}, disconnect() {}, context: ctx };
        },
    };
    // a "bell" voice note is two noise bursts (the second 0.06 s later): its first is the start
    let bursts = 0;
    const voices = {
        bell: (t) => starts.push(t),
        tone: (t) => starts.push(t),
        noiseBurst: (t) => { if (bursts++ % 2 === 0) starts.push(t); },
    };
    return { ctx, master: {}, voices, starts };
}

/** The start times of `track`'s notes from `start` (a loop's first beat) up to `until`. */
function expectedStarts(track, start, until) {
    const beat = 60 / track.tempo;
    const loop = track.bars * track.beatsPerBar * beat;
    const out = [];
    for (let k = 0; start + k * loop < until; k++) {
        for (const [b] of track.notes) {
            const t = start + k * loop + b * beat;
            if (t < until - EPS) out.push(t);
        }
    }
    return out.sort((a, b) => a - b);
}

test("the first run, at the timer's first tick, schedules only the notes within 0.2 s of the loop's start", () => {
    const audio = fakeAudio(10);
    const player = new MusicPlayer({ audio: () => audio, allowed: () => true });
    player.play("base");
    mock.timers.tick(99);
    assert.equal(audio.starts.length, 0); // nothing in the task that started it, nor before the tick
    audio.ctx.currentTime = 10.1;
    mock.timers.tick(1);
    const start = 10.1 + 0.1;
    assert.ok(audio.starts.length > 0);
    assert.ok(audio.starts.every((t) => t < start + REACH + EPS), audio.starts);
    assert.deepEqual(audio.starts.sort((a, b) => a - b), expectedStarts(TRACKS.base, start, start + REACH));
    player.stop();
});

test("later runs reach 0.2 s further each up to 0.8 s ahead, every note once and none missed", () => {
    const audio = fakeAudio(10);
    const player = new MusicPlayer({ audio: () => audio, allowed: () => true });
    player.play("feature");
    mock.timers.tick(100); // the first run: the loop starts 0.1 s ahead of the clock (10)
    let horizon = 10.1 + REACH;
    for (let run = 1; run <= 40; run++) {
        audio.ctx.currentTime += 0.1;
        mock.timers.tick(100);
        horizon = Math.min(audio.ctx.currentTime + LOOKAHEAD, Math.max(horizon, audio.ctx.currentTime) + REACH);
        assert.ok(Math.max(...audio.starts) < horizon + EPS, `run ${run}: a note beyond the horizon`);
    }
    // 4 s of clock: the horizon has long been 0.8 s ahead
    assert.ok(Math.abs(horizon - (audio.ctx.currentTime + LOOKAHEAD)) < EPS);
    const got = audio.starts.sort((a, b) => a - b);
    const want = expectedStarts(TRACKS.feature, 10.1, horizon);
    assert.equal(got.length, want.length);
    got.forEach((t, i) => assert.ok(Math.abs(t - want[i]) < 1e-6, `note ${i}: ${t} against ${want[i]}`));
    player.stop();
});
