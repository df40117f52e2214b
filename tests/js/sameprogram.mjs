// Whether shipped modules are the same programs as their sources, comments aside: each file
// parsed by TypeScript and printed again without comments; the two prints must be equal.
// tools/dist.py ships our modules without their JSDoc blocks; tests/xbrowser/test_dist.py
// runs this over every one of them:
//
//   node tests/js/sameprogram.mjs SOURCE SHIPPED [SOURCE SHIPPED ...]
//
// Prints each pair that differs (and exits 1), or how many pairs were the same.
import { readFileSync } from "node:fs";
import ts from "typescript";

const printer = ts.createPrinter({ removeComments: true });

/** @param {string} path */
function program(path) {
    const file = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
    return printer.printFile(file);
}

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2) {
    console.error("usage: node tests/js/sameprogram.mjs SOURCE SHIPPED [SOURCE SHIPPED ...]");
    process.exit(2);
}
const differ = [];
for (let i = 0; i < args.length; i += 2) {
    if (program(args[i]) !== program(args[i + 1])) differ.push(`${args[i]} -> ${args[i + 1]}`);
}
if (differ.length) {
    console.log(`not the same program:\n${differ.join("\n")}`);
    process.exit(1);
}
console.log(`${args.length / 2} pairs: the same programs`);
