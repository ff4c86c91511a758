import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { inlineWorkerVitePlugin } from "./scripts/inline-worker.mjs";

export default defineConfig({
	plugins: [inlineWorkerVitePlugin()],
	resolve: {
		alias: {
			obsidian: fileURLToPath(new URL("./tests/fakes/obsidian/index.ts", import.meta.url)),
		},
	},
	test: {
		include: ["tests/**/*.test.ts"],
		globalSetup: ["tests/setup/fixture-model.ts", "tests/setup/build-bundles.ts"],
		reporters: ["default", "./tests/setup/summary-reporter.ts"],
		testTimeout: 30_000,
		pool: "forks",
	},
});
