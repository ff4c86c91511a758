// The npm packages bundled into main.js (the plugin bundle and the workers inlined into it), from
// esbuild's metafile, with each package's licence. `node scripts/bundled-packages.mjs` prints them;
// tests/release/third-party-licences.test.ts checks the README's list against them.
import esbuild from "esbuild";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleWorker } from "./inline-worker.mjs";
import { pluginBuildOptions } from "./plugin-build-options.mjs";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const WORKERS = ["maintenance-worker", "embedding-worker"];
/** The package folder a bundled file comes from: the last node_modules/<name> or node_modules/@scope/<name> in its path. */
const PACKAGE = /^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\//;

/** [{ name, version, license }] sorted by name. */
export async function bundledPackages() {
	const result = await esbuild.build({
		...pluginBuildOptions(true),
		absWorkingDir: ROOT,
		write: false,
		metafile: true,
		logLevel: "silent",
	});
	const files = Object.keys(result.metafile.inputs).map((input) => resolve(ROOT, input));
	for (const worker of WORKERS) files.push(...(await bundleWorker(worker, { minify: true })).watchFiles);
	const packages = new Map();
	for (const file of files) {
		const match = PACKAGE.exec(file);
		if (match === null || packages.has(match[2])) continue;
		const { version, license } = JSON.parse(readFileSync(join(match[1], "package.json"), "utf8"));
		packages.set(match[2], { name: match[2], version, license });
	}
	return [...packages.values()].sort((a, b) => a.name.localeCompare(b.name));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	for (const { name, version, license } of await bundledPackages())
		process.stdout.write(`${name}\t${version}\t${license}\n`);
}
