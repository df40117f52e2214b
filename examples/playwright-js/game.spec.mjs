// What an integrator checks with the kit (testkit/js/README.md); no helper code of its own.
import { test, expect } from "@book-of-christmas-eve/playwright";

test("loads and is ready", async ({ game }) => {
    await game.open();
    await expect(game).toBeReady();
});

test("a spin debits the bet and credits the engine's win", async ({ game }) => {
    await game.open({ seed: 5, speed: "fast" });
    const round = await game.spin();
    expect(round.bet).toBe(await game.bet());
    expect(await game.win()).toBe(round.total_win);
    await expect(game).toHaveCredited(round);
});

test("the max-win scenario ends at the cap", async ({ game }) => {
    await game.open({ scenario: "max-win", speed: "fast" });
    const round = await game.buy();
    expect(round.end).toBe("max_win");
    // the round's cap is the model's max_win x the bet (Round.cap, engine/round.py)
    expect(round.total_win).toBe(round.cap);
    expect(await game.win()).toBe(round.cap);
    await expect(game).toHaveCredited(round);
});

test("embedded at 320x568 it posts its events and obeys its parent", async ({ embedHost }) => {
    const host = await embedHost.open({ seed: 5, speed: "fast" }, { width: 320, height: 568 });
    await host.send({ type: "setBet", bet: 123 }); // not a level: refused with an error message
    expect((await host.waitFor("error")).command).toBe("setBet");
    await host.send({ type: "spin" }); // the refusal answered, the next command's wait goes on
    const end = await host.waitFor("roundEnd");
    await expect(host).toHavePosted("roundEnd");
    expect((await host.messages()).map((m) => m.type)).toEqual(["ready", "error", "roundStart", "roundEnd"]);
    await expect(host.frame.locator("#balance")).toHaveAttribute("data-minor", String(end.balance));
});

test("a history entry's replay link replays the round", async ({ game }) => {
    await game.open({ seed: 5, speed: "fast" });
    const round = await game.spin();
    const again = await game.replay(0); // in this page: shown again, no money moves
    expect(again.total_win).toBe(round.total_win);
    await expect(game).toHaveCredited(round);
    const link = await game.replayLink(0);
    await game.open(link);
    const replayed = await game.playReplay();
    expect(replayed.total_win).toBe(round.total_win);
    expect(replayed.events).toEqual(round.events);
});

test("the idle game looks the same", async ({ game, page }) => {
    await game.open({ still: 1, seed: 5 });
    await game.settled();
    await expect(page).toHaveScreenshot("idle.png");
});
