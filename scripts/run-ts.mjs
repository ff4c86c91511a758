// Runs a TypeScript script without tsx: esbuild bundles it, plus a call to its exported main(args),
// into .tmp/ (inside the repo, so node_modules resolve), then Node runs the bundle.
// Usage: node scripts/run-ts.mjs scripts/some-script.ts [args…]
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const [entry, ...args] = process.argv.slice(2);
if (!entry) throw new Error("usage: node scripts/run-ts.mjs <script.ts> [args…]");
const tmpRoot = fileURLToPath(new URL("../.tmp/", import.meta.url));
mkdirSync(tmpRoot, { recursive: true });
const dir = mkdtempSync(join(tmpRoot, "run-ts-"));
try {
	const outfile = join(dir, "script.mjs");
	const contents = `import * as script from ${JSON.stringify(resolve(entry))};
if (typeof script.main === "function") await script.main(process.argv.slice(2));`;
	const stdin = { contents, resolveDir: process.cwd(), loader: "ts" };
	await build({
		stdin,
		outfile,
		bundle: true,
		platform: "node",
		format: "esm",
		packages: "external",
		logLevel: "warning",
	});
	process.exitCode = spawnSync(process.execPath, [outfile, ...args], { stdio: "inherit" }).status ?? 1;
} finally {
	rmSync(dir, { recursive: true, force: true });
}
