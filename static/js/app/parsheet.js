// The figures of the info screen (static/par.json, written by `make par`), fetched as the page
// starts, alongside the runtime: once the game has loaded, the info screen is complete even
// offline. Resolves with the parsed figures, or null when they could not be fetched (the info
// screen then says so).

export const parReady = fetch("./static/par.json")
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
