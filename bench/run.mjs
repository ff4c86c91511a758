// Benchmark entry point: `npm run bench -- <name> [flags]`.
// Bundles bench/<name>-bench.ts (or a command listed below) with esbuild into bench/.out/ and
// runs it in a child node process with --expose-gc, so each bench measures the peak memory of
// its own process and nothing of this launcher.
import esbuild from "esbuild";
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { inlineWorkerPlugin } from "../scripts/inline-worker.mjs";

const benchDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = dirname(benchDir);
const commands = { generate: "generate-cli.ts" };

const [name, ...flags] = process.argv.slice(2);
const available = [
	...Object.keys(commands),
	...readdirSync(benchDir)
		.filter((file) => file.endsWith("-bench.ts"))
		.map((file) => file.slice(0, -"-bench.ts".length)),
];

if (name === undefined || name === "--help" || name === "-h") {
	console.error(
		`usage: npm run bench -- <name> [flags]\navailable: ${available.join(", ")}\nsee bench/README.md for the flags`,
	);
	process.exit(name === undefined ? 1 : 0);
}
const entry = join(benchDir, commands[name] ?? `${name}-bench.ts`);
if (!existsSync(entry)) {
	console.error(`unknown bench "${name}" (no ${entry}); available: ${available.join(", ")}`);
	process.exit(1);
}

const outfile = join(benchDir, ".out", `${name}.mjs`);
await esbuild.build({
	entryPoints: [entry],
	outfile,
	bundle: true,
	platform: "node",
	format: "esm",
	target: "node20",
	sourcemap: "linked",
	logLevel: "warning",
	plugins: [inlineWorkerPlugin()],
	// A bench of view code (related-bench) draws with the fake obsidian module, as the UI tests do.
	alias: { obsidian: join(repoRoot, "tests/fakes/obsidian/index.ts") },
	// Packages that find their own files at run time (a browser driver, the bundler) load from node_modules.
	external: ["playwright-core", "esbuild"],
	// Bundled CommonJS dependencies (graphology needs "events") call require(); give them one.
	banner: {
		js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
	},
});

const child = spawn(process.execPath, ["--expose-gc", "--enable-source-maps", outfile, ...flags], {
	cwd: repoRoot,
	stdio: "inherit",
});
child.on("exit", (code, signal) => {
	if (signal !== null) console.error(`bench "${name}" was stopped by ${signal}`);
	process.exit(code ?? 1);
});
