// @ts-check
// Service worker: the game offline after one visit, and repeat visits without downloading the
// runtime again. At the top of the site so that its scope covers every page (index.html,
// par.html, ...). Registered by static/js/start/watchdog.js once the game is ready.
//
// static/precache.js (written by tools/precache.py for the served folder) lists every file the
// game needs with its SHA-256, and a version derived from the whole list. Each version caches
// under its own name, `boce-<version>`:
//
// * install: fetch every listed file, check its hash and put it in the new cache (a response that
//   is not the listed file, e.g. from a server half-way through a deployment, fails the install:
//   the new cache is deleted and the old version stays). A cache never holds files of two versions.
// * activate: delete every other `boce-` cache and take control of open pages.
// * fetch: same-origin GETs of listed files are answered from the cache (cache-first, headers as
//   the server sent them, so wasm keeps `Content-Type: application/wasm`); a navigation to a
//   folder is answered with its index.html; query strings are ignored (?seed=, ?speed=). Anything
//   else goes to the network.
//
// A new version waits while a page of the old one is open, so that page keeps loading from one
// cache; static/js/start/watchdog.js asks it to take over (message "activate") once that page is ready, and the
// next load is the new version's alone.
importScripts("./static/precache.js");

/** This worker's global scope. The webworker lib types `self` as any worker's, and a global cannot be
 *  declared again with another type (types/sw.d.ts), so `self` is cast to this where a member only a
 *  service worker has is used; PRECACHE is static/precache.js's.
 *  @typedef {ServiceWorkerGlobalScope & typeof globalThis & { readonly PRECACHE: import("./types/sw").Precache }} ServiceWorkerSelf */

const { version, files } = /** @type {ServiceWorkerSelf} */ (self).PRECACHE;
const PREFIX = "boce-";
const CACHE = PREFIX + version;
const SCOPE = new URL("./", /** @type {URL} a WorkerLocation, which URL() reads as its href */ (self.location)).href;

/** @param {ArrayBuffer} buffer @returns {string} its bytes in hex */
function hex(buffer) {
    return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The listed file as the server sends it now, or an error if it is not the listed one. The HTTP
// cache may answer (a visit just fetched these files); on a mismatch ask the server itself.
/** @param {string} name from the site's root @param {string} digest its SHA-256, in hex @returns {Promise<Response>} */
async function fetchChecked(name, digest) {
    for (const cache of /** @type {RequestCache[]} */ (["no-cache", "reload"])) {
        const response = await fetch(new Request(SCOPE + name, { cache }));
        if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
        const body = await response.clone().arrayBuffer();
        if (hex(await crypto.subtle.digest("SHA-256", body)) === digest) return response;
    }
    throw new Error(`${name}: not the file of version ${version}`);
}

/** @type {ServiceWorkerSelf} */ (self).addEventListener("install", (event) => {
    event.waitUntil((async () => {
        await caches.delete(CACHE); // a half-filled cache of an earlier, failed install
        const cache = await caches.open(CACHE);
        try {
            await Promise.all(Object.entries(files).map(async ([name, digest]) => {
                await cache.put(SCOPE + name, await fetchChecked(name, digest));
            }));
        } catch (error) {
            await caches.delete(CACHE); // nothing of a failed version is kept
            throw error;
        }
    })());
});

/** @type {ServiceWorkerSelf} */ (self).addEventListener("activate", (event) => {
    event.waitUntil((async () => {
        for (const name of await caches.keys()) {
            if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
        }
        await /** @type {ServiceWorkerSelf} */ (self).clients.claim();
    })());
});

/** @type {ServiceWorkerSelf} */ (self).addEventListener("message", (event) => {
    if (event.data === "activate") /** @type {ServiceWorkerSelf} */ (self).skipWaiting();
});

// A listed file's URL for a request, or null: the URL without its query, a folder as index.html.
/** @param {Request} request @returns {string | null} */
function listedUrl(request) {
    const url = new URL(request.url);
    if (request.method !== "GET" || url.origin !== self.location.origin || !url.href.startsWith(SCOPE)) return null;
    let name = decodeURIComponent(url.pathname.slice(new URL(SCOPE).pathname.length));
    if (name === "" || name.endsWith("/")) name += "index.html";
    return name in files ? SCOPE + name : null;
}

/** @type {ServiceWorkerSelf} */ (self).addEventListener("fetch", (event) => {
    const url = listedUrl(event.request);
    if (!url) return;
    event.respondWith((async () => {
        // (caches.match, not caches.open: a worker on its way out must not re-create its deleted cache)
        const cached = await caches.match(url, { cacheName: CACHE });
        return cached ?? fetch(event.request);
    })());
});
