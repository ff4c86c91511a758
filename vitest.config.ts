import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
	resolve: {
		alias: {
			obsidian: fileURLToPath(new URL("./tests/fakes/obsidian/index.ts", import.meta.url)),
		},
	},
	test: {
		include: ["tests/**/*.test.ts"],
		testTimeout: 30_000,
		pool: "forks",
	},
});
