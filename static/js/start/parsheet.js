// @ts-check
// The game's figures (static/par.json, written by `make par`), fetched as the page starts,
// alongside the runtime: for the first paint's stake information (firstpaint.js) and the info
// screen, which is then complete even offline. Resolves with the parsed figures, or null when
// they could not be fetched after their tries, a stall included (core/download.js): the info
// screen and the stake information then say so, and the game starts without them.

import { download } from "../core/download.js";

/** static/par.json (its fields: docs/par-page.md), or null when it is missing.
 *  @type {Promise<Record<string, any> | null>} */
export const parReady = download("./static/par.json", { read: async (r) => (r.ok ? r.json() : null) })
    .catch((error) => {
        console.info(`the game's figures are missing: ${error?.message ?? error}`);
        return null;
    });
