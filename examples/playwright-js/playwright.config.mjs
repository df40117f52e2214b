// The integrator's example (README.md): the game at BOCE_BASE_URL (`make test-examples-js` serves
// dist/ and sets it), Debian's Chromium, one worker.
import { defineConfig } from "@playwright/test";

export default defineConfig({
    testDir: ".",
    timeout: 120_000, // a cold boot of the engine takes seconds, more on a busy machine
    workers: 1,
    reporter: "list",
    outputDir: "../../test-results/playwright-js",
    // the idle page in still mode is the same picture on every load (docs/page-contract.md
    // "?still=1"), so the comparison needs no tolerance
    expect: { timeout: 10_000, toHaveScreenshot: { maxDiffPixels: 0, threshold: 0 } },
    use: {
        baseURL: process.env.BOCE_BASE_URL ?? "http://127.0.0.1:8000/",
        viewport: { width: 1280, height: 800 },
        launchOptions: {
            executablePath: "/usr/bin/chromium",
            args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run"],
        },
    },
});
