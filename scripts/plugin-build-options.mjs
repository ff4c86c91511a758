// esbuild options of the plugin bundle (main.js), shared by esbuild.config.mjs and
// scripts/bundled-packages.mjs, which lists what main.js really contains.
import { builtinModules } from "node:module";
import { inlineWorkerPlugin } from "./inline-worker.mjs";
import { mcpSdkStandInsPlugin } from "./mcp-sdk-stand-ins.mjs";
import { zodTrimPlugin } from "./zod-trim.mjs";

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export function pluginBuildOptions(production) {
	return {
		entryPoints: ["src/main.ts"],
		bundle: true,
		format: "cjs",
		platform: "browser",
		target: "es2022",
		outfile: "main.js",
		external: ["obsidian", "electron", "@codemirror/*", "@lezer/*", ...nodeBuiltins],
		logLevel: "info",
		sourcemap: production ? false : "inline",
		minify: production,
		treeShaking: true,
		plugins: [inlineWorkerPlugin({ minify: production, pack: true }), zodTrimPlugin(), mcpSdkStandInsPlugin()],
	};
}
