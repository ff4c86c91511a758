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
	"tests/node/cli/serve-command.test.ts",
	"tests/node/cli/serve-live-settings.test.ts",
	"tests/node/cli/proposals-command.test.ts",
	"tests/node/cli/writer-lock-serve.test.ts",
	"tests/node/hook/hook-command.test.ts",
	"tests/node/cli/cli-help.test.ts",
];

/**
 * Seconds of CPU by design: megabyte inputs, thousands of random cases, processes killed mid-write and
 * races run hundreds of times. `npm run test:slow` runs them (CI too); `npm test` stays minutes long.
 */
const SLOW_TESTS = [
	"tests/**/*.slow.test.ts",
	"tests/**/*.property.test.ts",
	"tests/**/*-crash.test.ts",
	"tests/node/fs/concurrent-editor.test.ts",
	"tests/engine/writer/pin-unpin-interleavings.test.ts",
];

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
		// vitest's default on 2 cores is one worker, but most unit files wait on timers, child processes
		// and the disk: three overlap those waits (npm test 201 s -> 152 s with the machine under load).
		maxWorkers: 3,
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
					globalSetup: ["tests/setup/fixture-model.ts"],
					// Crash and race suites measure behaviour under load on their own; not beside each other.
					maxWorkers: 1,
				},
			},
			{
				extends: true,
				test: {
					name: "bundle",
					include: BUNDLE_TESTS,
					maxWorkers: 1,
					globalSetup: ["tests/setup/fixture-model.ts", "tests/setup/build-bundles.ts"],
				},
			},
		],
	},
});
