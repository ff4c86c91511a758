// `node scripts/build-traced-bundle.mjs <outfile>`: main.js as the release builds it (not minified),
// with every module recording when its top-level code ran (scripts/module-trace-plugin.mjs).
import esbuild from "esbuild";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { moduleTracePlugin } from "./module-trace-plugin.mjs";
import { pluginBuildOptions } from "./plugin-build-options.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const outfile = process.argv[2];
if (outfile === undefined) throw new Error("usage: node scripts/build-traced-bundle.mjs <outfile>");
const options = pluginBuildOptions(false);
await esbuild.build({
	...options,
	outfile,
	sourcemap: false,
	logLevel: "warning",
	plugins: [...options.plugins, moduleTracePlugin(root)],
});
