// Node's fetch() has no file: URLs; the page fetches its language tables (static/i18n/*.json,
// lang/i18n.js) from its own site. A test that imports i18n.js imports this first: a file: URL
// is then answered with the file (404 when there is none), as a static host answers the page.
import { readFile } from "node:fs/promises";

const fetchOverNetwork = globalThis.fetch;

globalThis.fetch = async (resource, init) => {
    const url = new URL(resource instanceof Request ? resource.url : String(resource));
    if (url.protocol !== "file:") return fetchOverNetwork(resource, init);
    try {
        return new Response(await readFile(url), { status: 200, headers: { "content-type": "application/json" } });
    } catch {
        return new Response("not found", { status: 404 });
    }
};
