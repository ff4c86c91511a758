import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inlineWorkerVitePlugin } from "./scripts/inline-worker.mjs";

/** Tests that read the built bundles (main.js, dist/cli.cjs): only their project builds them first. */
const BUNDLE_TESTS = [
	"tests/plugin/**/*.test.ts",
	"tests/ui/**/*.test.ts",
	"tests/embeddings/browser-*.test.ts",
	"tests/mcp/conformance.test.ts",
	"tests/mcp/inspector-cli.test.ts",
	"tests/node/serve-command.test.ts",
	"tests/node/serve-live-settings.test.ts",
	"tests/node/proposals-command.test.ts",
	"tests/node/writer-lock-serve.test.ts",
];

/** Inputs of a megabyte and thousands of random cases: `npm test` runs them, the quick `unit` loop does not. */
const SLOW_TESTS = ["tests/**/*.slow.test.ts", "tests/**/*.property.test.ts"];

export default defineConfig({
	plugins: [inlineWorkerVitePlugin()],
	resolve: {
		alias: {
			obsidian: fileURLToPath(new URL("./tests/fakes/obsidian/index.ts", import.meta.url)),
		},
	},
	test: {
		reporters: ["default", "./tests/setup/summary-reporter.ts"],
		testTimeout: 30_000,
		pool: "forks",
		// Headless device ids (src/node/device-id.ts) go to a temp folder, not the user's home.
		env: { CAUSAL_MEMORY_STATE_HOME: join(tmpdir(), "causal-memory-test-state") },
		projects: [
			{
				extends: true,
				test: {
					name: "core",
					include: ["tests/core/**/*.test.ts"],
					exclude: SLOW_TESTS,
					// Pure code, no global state: the files share one module graph, which makes the loop seconds long.
					isolate: false,
				},
			},
			{
				extends: true,
				test: {
					name: "unit",
					include: ["tests/**/*.test.ts"],
					exclude: ["tests/core/**", ...BUNDLE_TESTS, ...SLOW_TESTS],
					globalSetup: ["tests/setup/fixture-model.ts"],
				},
			},
			{
				extends: true,
				test: {
					name: "slow",
					include: SLOW_TESTS,
					exclude: BUNDLE_TESTS,
				},
			},
			{
				extends: true,
				test: {
					name: "bundle",
					include: BUNDLE_TESTS,
					globalSetup: ["tests/setup/fixture-model.ts", "tests/setup/build-bundles.ts"],
				},
			},
		],
	},
});
