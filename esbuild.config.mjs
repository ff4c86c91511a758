import esbuild from "esbuild";
import { inlineWorkerPlugin } from "./scripts/inline-worker.mjs";
import { mcpSdkStandInsPlugin } from "./scripts/mcp-sdk-stand-ins.mjs";
import { pluginBuildOptions } from "./scripts/plugin-build-options.mjs";
import { zodTrimPlugin } from "./scripts/zod-trim.mjs";

const production = process.argv[2] === "production";

const plugin = pluginBuildOptions(production);

const cli = {
	entryPoints: ["src/node/cli/cli.ts"],
	bundle: true,
	format: "cjs",
	platform: "node",
	target: "node20",
	outfile: "dist/cli.cjs",
	// transformers.js loads native addons (onnxruntime-node, sharp) that cannot be bundled; the
	// CLI runs where the package's node_modules are.
	external: ["@huggingface/transformers"],
	banner: { js: "#!/usr/bin/env node" },
	logLevel: "info",
	sourcemap: false,
	minify: false,
	// The same MCP server as the plugin's, so the conformance suite checks what main.js ships.
	plugins: [inlineWorkerPlugin({ minify: production }), zodTrimPlugin(), mcpSdkStandInsPlugin()],
};

// The Claude Code hooks run before every prompt: their own small bundle starts in a fraction of the CLI's time.
const hook = {
	entryPoints: ["src/node/hook/hook-bin.ts"],
	bundle: true,
	format: "cjs",
	platform: "node",
	target: "node20",
	outfile: "dist/hook.cjs",
	logLevel: "info",
	sourcemap: false,
	minify: false,
};

if (production) {
	await Promise.all([esbuild.build(plugin), esbuild.build(cli), esbuild.build(hook)]);
} else {
	const contexts = await Promise.all([esbuild.context(plugin), esbuild.context(cli), esbuild.context(hook)]);
	await Promise.all(contexts.map((c) => c.watch()));
}
