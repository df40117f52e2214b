// The game's figures (static/par.json, written by `make par`), fetched as the page starts,
// alongside the runtime: for the first paint's stake information (firstpaint.js) and the info
// screen, which is then complete even offline. Resolves with the parsed figures, or null when
// they could not be fetched (the info screen and the stake information then say so).

export const parReady = fetch("./static/par.json")
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
