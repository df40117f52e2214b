// @ts-check
// The [files] table of pyscript.toml, read by the two workers that run the engine outside
// PyScript: the game's (static/boot/engine-worker.mjs) and the PAR page's RTP lab
// (static/js/par/lab-worker.js). Each line is `"./source" = "./target"` (both relative to the
// site's root; an empty target is the source); a target ending in "/" names a folder, not a file.

/** A [files] entry: [source, target], each `./path` from the site's root.
 *  @typedef {[source: string, target: string]} ListedFile */

/** The [files] entries of `toml` as [source, target] pairs, folders left out.
 *  @param {string} toml pyscript.toml's text
 *  @returns {ListedFile[]} */
export function listedFiles(toml) {
    /** @type {ListedFile[]} */
    const files = [];
    let inFiles = false;
    for (const raw of toml.split(/\r?\n/)) {
        const line = raw.trim();
        if (line.startsWith("[")) {
            inFiles = line === "[files]";
            continue;
        }
        if (!inFiles || !line || line.startsWith("#")) continue;
        const m = line.match(/^"([^"]+)"\s*=\s*"([^"]*)"/);
        if (m && !(m[2] || m[1]).endsWith("/")) files.push([m[1], m[2] || m[1]]);
    }
    return files;
}
