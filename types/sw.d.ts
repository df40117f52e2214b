// The service worker's own data, for its type check (tsconfig.sw.json: sw.js with the webworker lib).
// A module, so that nothing here is a global of the page's check (tsconfig.json reads every types/*.d.ts).
//
// `self` itself is not declared here: the webworker lib declares it for any worker (a WorkerGlobalScope),
// and a global variable cannot be declared again with another type (TS2403), so sw.js casts it to
// ServiceWorkerGlobalScope where it uses a member only a service worker has (its ServiceWorkerSelf).

/** static/precache.js (tools/precache.py): what the service worker caches, as `self.PRECACHE`. */
export interface Precache {
    /** The first 16 hex digits of a SHA-256 over the whole list: the cache is `boce-<version>`. */
    readonly version: string;
    /** Every file the game needs offline, by its path from the site's root ("/" separators): its SHA-256, in hex. */
    readonly files: Readonly<Record<string, string>>;
}
