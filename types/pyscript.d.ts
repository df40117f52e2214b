// PyScript's core as `make vendor` copies it from npm (static/vendor/pyscript/core.js, git-ignored, so not
// read by the type check: tsconfig.worker.json's noResolve), for static/boot/strict-csp.js. Only the member
// it uses; PyScript's whole API is node_modules/@pyscript/core/types/core.d.ts.
declare module "*/vendor/pyscript/core.js" {
    /** PyScript's hooks: each a set of functions or of Python code, by the moment it runs; `worker`, those of
     *  PyScript's workers, which PyScript turns into source text and rebuilds with Function(). */
    export const hooks: {
        readonly main: Readonly<Record<string, Set<Function | string>>>;
        readonly worker: Readonly<Record<string, Set<Function | string>>>;
    };
}
