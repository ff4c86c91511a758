/*
 * The built main.js in headless Chromium: loads it as Obsidian does, embeds sentences with the
 * fixture model in the bundled Web Worker (ONNX Runtime wasm from main.js, one thread), prints
 * timings and every network request, saves bench/.out/browser-embedding.png.
 *   node scripts/run-ts.mjs bench/browser-embedding.ts [--no-build] [--q8]
 * Needs Chromium (apt-get install -y chromium, or CHROMIUM_PATH).
 */
import { spawnSync } from "node:child_process";
import { runBrowserEmbedding } from "./browser/run-browser-embedding";
import { printLine } from "../src/node/cli/terminal";

/** Run from the repository root. */
const ROOT = `${process.cwd()}/`;
const MODEL_ROOT = `${ROOT}.tmp/models/`;
export const FIXTURE_MODEL_ID = "causal-memory/fixture-minilm";
export const SCREENSHOT = `${ROOT}bench/.out/browser-embedding.png`;
/** The query first; the fixture model's synonym groups put the dog sentences on top. */
export const SENTENCES = [
	"my canine pet",
	"the puppy was barking all night",
	"our dog loves long walks",
	"the kitten sleeps in the sunshine",
	"the database server crashed after the release",
	"we missed the budget deadline again",
];

function run(args: string[]): void {
	const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
	if (result.status !== 0) throw new Error(`node ${args.join(" ")} failed:\n${result.stderr || result.stdout}`);
}

export async function main(args: string[]): Promise<void> {
	const started = performance.now();
	if (!args.includes("--no-build")) run(["esbuild.config.mjs", "production"]);
	run(["scripts/generate-fixture-model.mjs", MODEL_ROOT, "--if-outdated"]);
	const built = performance.now();
	const result = await runBrowserEmbedding({
		mainJsPath: `${ROOT}main.js`,
		modelFolder: `${MODEL_ROOT}${FIXTURE_MODEL_ID}`,
		modelId: FIXTURE_MODEL_ID,
		dtype: args.includes("--q8") ? "q8" : "fp32",
		texts: SENTENCES,
		screenshotPath: SCREENSHOT,
	});
	const { embedding, timings } = result;
	const ms = (value: number) => `${value.toFixed(0)} ms`;
	printLine(
		`main.js: default export ${result.mainJs.exportName} (plugin class: ${result.mainJs.isPluginClass}), required ${result.mainJs.required.join(", ")}`,
	);
	printLine(
		`build main.js + fixture: ${ms(built - started)}; page bundle: ${ms(timings.bundleMs)}; Chromium start: ${ms(timings.launchMs)}; page: ${ms(timings.pageMs)}`,
	);
	printLine(
		`worker load: ${ms(embedding.loadMs)} (files: ${embedding.filesAsked.join(", ")}); embed ${SENTENCES.length} sentences: ${ms(embedding.embedMs)}`,
	);
	printLine(
		`load without the weights file: ${ms(timings.failedLoadMs)}, failed with: ${result.missingWeightsError ?? "(no error!)"}`,
	);
	printLine(`requests (${result.requests.length}):\n  ${result.requests.join("\n  ")}`);
	if (result.errors.length > 0) printLine(`errors:\n  ${result.errors.join("\n  ")}`);
	printLine(`screenshot: ${SCREENSHOT}`);
	if (result.unexpectedRequests.length > 0) {
		console.error(`unexpected requests:\n  ${result.unexpectedRequests.join("\n  ")}`);
		process.exitCode = 1;
	}
}
