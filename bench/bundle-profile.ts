/*
 * `bundle-load --profile`: where evaluating main.js spends its time, from a Chromium CPU profile
 * (sampled every 100 µs) of one evaluation. The profiled build is the release build with its
 * whitespace kept, so esbuild's `// path` comment before each module's code tells which module a
 * sampled function belongs to; identifiers and syntax are minified as in the release.
 */
import esbuild from "esbuild";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { moduleGroup } from "./module-costs";

/**
 * Samples not in a function of main.js: V8 compiling the added text (counted to the page's function
 * that added it), the GC, the page. Each module's body compiled as it first runs is counted to its
 * caller, esbuild's lazy-module wrapper (the bundle runtime).
 */
const OUTSIDE = "(outside main.js' functions: compiling, GC, the page)";

/** Builds main.js as the release does, whitespace kept; returns its path. */
export async function buildProfiledBundle(): Promise<string> {
	// Imported at run time from its own file (see bundleSizeRows).
	// eslint-disable-next-line no-unsanitized/method -- a fixed file of this repository
	const { pluginBuildOptions } = (await import(join(process.cwd(), "scripts", "plugin-build-options.mjs"))) as {
		pluginBuildOptions: (production: boolean) => esbuild.BuildOptions;
	};
	mkdirSync(join(process.cwd(), ".tmp"), { recursive: true });
	const outfile = join(process.cwd(), ".tmp", "main-profiled.js");
	await esbuild.build({
		...pluginBuildOptions(true),
		minify: false,
		minifyIdentifiers: true,
		minifySyntax: true,
		outfile,
		logLevel: "silent",
	});
	return outfile;
}

/** For each line of a script holding an esbuild bundle, the package or folder of ours its code comes from. */
export function lineGroups(script: string): string[] {
	let group = "(bundle runtime)";
	return script.split("\n").map((line) => {
		const comment = /^\/\/ ((?:node_modules|src|\.\.|inline-worker)\S*)$/.exec(line);
		if (comment !== null) group = moduleGroup(comment[1]);
		return group;
	});
}

/** What DevTools' `Profiler.stop` returns, the parts read here. */
export interface CpuProfile {
	nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
	samples?: number[];
	/** Microseconds between consecutive samples. */
	timeDeltas?: number[];
}

export interface ProfileRows {
	/** [group, self ms] by package or folder of ours, largest first, with the total. */
	byGroup: (string | number)[][];
	/** [function, group, self ms], largest first. */
	byFunction: (string | number)[][];
}

/** Self time of a profile's samples by module group and by function; lines are 0-based in `groups`. */
export function profileRows(profile: CpuProfile, url: string, groups: string[], top = 12): ProfileRows {
	const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
	const selfMs = new Map<number, number>();
	const deltas = profile.timeDeltas ?? [];
	(profile.samples ?? []).forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (deltas[i + 1] ?? 0) / 1000));
	const byGroup = new Map<string, number>();
	const byFunction = new Map<string, { group: string; ms: number }>();
	for (const [id, ms] of selfMs) {
		const frame = nodes.get(id)?.callFrame;
		// The thread waiting between the profiler's start and the evaluation: not the evaluation's.
		if (frame?.functionName === "(idle)") continue;
		const inBundle = frame !== undefined && frame.url.endsWith(url);
		const group = inBundle ? (groups[frame.lineNumber] ?? "(bundle runtime)") : OUTSIDE;
		byGroup.set(group, (byGroup.get(group) ?? 0) + ms);
		const name = inBundle
			? `${frame.functionName || "(anonymous)"} @${frame.lineNumber + 1}`
			: (frame?.functionName ?? "?") || "(anonymous)";
		const entry = byFunction.get(name) ?? { group, ms: 0 };
		entry.ms += ms;
		byFunction.set(name, entry);
	}
	const total = [...byGroup.values()].reduce((sum, ms) => sum + ms, 0);
	const round = (ms: number): number => Number(ms.toFixed(1));
	return {
		byGroup: [
			...[...byGroup]
				.sort((a, b) => b[1] - a[1])
				.slice(0, top)
				.map(([group, ms]) => [group, round(ms)]),
			["all samples", round(total)],
		],
		byFunction: [...byFunction]
			.sort((a, b) => b[1].ms - a[1].ms)
			.slice(0, top)
			.map(([name, { group, ms }]) => [name, group, round(ms)]),
	};
}
