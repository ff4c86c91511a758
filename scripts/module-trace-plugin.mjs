// esbuild plugin for measuring builds only (bench: bundle-load, tests/plugin/lazy-modules.test.ts):
// each source file, ours or a package's, first pushes `[its path, performance.now()]` onto
// `globalThis[TRACE_GLOBAL]` when its top-level code runs, so a caller sees which modules
// evaluating main.js ran, in order and for how long, and which ran later (on first use). Release
// builds never include it.
import { readFile } from "node:fs/promises";
import { extname, relative } from "node:path";

export const TRACE_GLOBAL = "__causalMemoryEvaluatedModules";

const LOADERS = { ".ts": "ts", ".mts": "ts", ".cts": "ts", ".js": "js", ".mjs": "js", ".cjs": "js" };

export function moduleTracePlugin(root) {
	return {
		name: "module-trace",
		setup(build) {
			build.onLoad({ filter: /\.(m|c)?(t|j)s$/ }, async (args) => {
				const source = await readFile(args.path, "utf8");
				const name = relative(root, args.path);
				const mark = `;(globalThis[${JSON.stringify(TRACE_GLOBAL)}] ??= []).push([${JSON.stringify(name)}, performance.now()]);\n`;
				// A "use strict" directive or a hashbang must stay first.
				const head = /^(#![^\n]*\n|\s*(["'])use strict\2;?\s*\n)?/.exec(source)[0];
				return { contents: head + mark + source.slice(head.length), loader: LOADERS[extname(args.path)] };
			});
		},
	};
}
