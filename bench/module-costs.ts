import esbuild from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { runInThisContext } from "node:vm";
import { loadPluginBundle, wrapPluginSource, type PluginWrapper } from "./browser/load-plugin-bundle";
import { percentile } from "./percentile";
// What the traced build records into: [path, performance.now()] as each module starts.
import { TRACE_GLOBAL } from "../scripts/module-trace-plugin.mjs";
const TRACED = join(process.cwd(), ".tmp", "main-traced.js");

/** A package (`node_modules/zod`) or a folder of ours (`src/core/model`): the rows of the tables. */
export function moduleGroup(path: string): string {
	const inPackage = /^(?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
	if (inPackage !== null) return `node_modules/${inPackage[1]}`;
	const ours = /^(src\/[^/]+\/[^/]+|src\/[^/]+)/.exec(path);
	return ours?.[1] ?? path;
}

/** Builds main.js with every module timed (scripts/build-traced-bundle.mjs). */
export function buildTracedBundle(): string {
	mkdirSync(join(process.cwd(), ".tmp"), { recursive: true });
	execFileSync(process.execPath, ["scripts/build-traced-bundle.mjs", TRACED], { stdio: "inherit" });
	return TRACED;
}

/** In this process: evaluates the traced main.js once and returns each group's top-level milliseconds. */
export function moduleMillis(file: string): Record<string, number> {
	const global = runInThisContext("this") as Record<string, unknown>;
	global[TRACE_GLOBAL] = [];
	const wrapper = runInThisContext(wrapPluginSource(readFileSync(file, "utf8")), {
		filename: "main.js",
	}) as PluginWrapper;
	loadPluginBundle(wrapper, global);
	const end = performance.now();
	const trace = global[TRACE_GLOBAL] as [string, number][];
	const millis: Record<string, number> = {};
	trace.forEach(([path, started], i) => {
		const group = moduleGroup(path);
		millis[group] = (millis[group] ?? 0) + ((trace[i + 1]?.[1] ?? end) - started);
	});
	return millis;
}

/** Rows of the median top-level milliseconds per group over fresh runs, largest first. */
export function moduleCostRows(runs: Record<string, number>[], top = 12): (string | number)[][] {
	const groups = new Set(runs.flatMap((run) => Object.keys(run)));
	const total = percentile(
		runs.map((run) => Object.values(run).reduce((sum, ms) => sum + ms, 0)),
		50,
	);
	const rows = [...groups]
		.map(
			(group) =>
				[
					group,
					percentile(
						runs.map((run) => run[group] ?? 0),
						50,
					),
				] as const,
		)
		.sort((a, b) => b[1] - a[1]);
	return [
		...rows.slice(0, top).map(([group, ms]) => [group, Number(ms.toFixed(1))]),
		["all modules", Number(total.toFixed(1))],
	];
}

/** The release build's largest parts by bytes in main.js (esbuild's metafile), largest first. */
export async function bundleSizeRows(top = 10): Promise<(string | number)[][]> {
	// Imported at run time from its own file, as bench/browser/run-browser-embedding.ts does: bundled
	// into the bench, it would look for the workers beside the bench's bundle.
	// eslint-disable-next-line no-unsanitized/method -- a fixed file of this repository
	const { pluginBuildOptions } = (await import(join(process.cwd(), "scripts", "plugin-build-options.mjs"))) as {
		pluginBuildOptions: (production: boolean) => esbuild.BuildOptions;
	};
	const outfile = join(process.cwd(), ".tmp", "main-metafile.js");
	const result = await esbuild.build({ ...pluginBuildOptions(true), outfile, metafile: true, logLevel: "silent" });
	const bytes = new Map<string, number>();
	for (const output of Object.values(result.metafile.outputs))
		for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
			const group = input.includes(":") ? input : moduleGroup(input);
			bytes.set(group, (bytes.get(group) ?? 0) + bytesInOutput);
		}
	// The packed embedding worker is written into its comment after the build, unseen by the metafile.
	const counted = [...bytes.values()].reduce((sum, size) => sum + size, 0);
	bytes.set("embedding worker (packed comment, not evaluated)", statSync(outfile).size - counted);
	return [...bytes]
		.sort((a, b) => b[1] - a[1])
		.slice(0, top)
		.map(([group, size]) => [group, Number((size / 1e3).toFixed(0))]);
}
