import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * The self-generated embedding model for tests (scripts/generate-fixture-model.mjs), loaded with
 * a hub-style id from FIXTURE_MODEL_ROOT exactly like a real model from a local model folder.
 */
export const FIXTURE_MODEL_ID = "causal-memory/fixture-minilm";
/** Absolute with a trailing slash, as transformers.js' `env.localModelPath` wants it. */
export const FIXTURE_MODEL_ROOT = fileURLToPath(new URL("../../.tmp/models/", import.meta.url));
export const FIXTURE_DIMENSIONS = 384;
const GENERATOR = fileURLToPath(new URL("../../scripts/generate-fixture-model.mjs", import.meta.url));

/** Generates the fixture unless an up-to-date one is there (cheap check of its version stamp). */
export function ensureFixtureModel(): void {
	const result = spawnSync(
		process.execPath,
		[GENERATOR, FIXTURE_MODEL_ROOT, "--if-outdated", "--dimensions", String(FIXTURE_DIMENSIONS)],
		{
			encoding: "utf8",
		},
	);
	if (result.status !== 0)
		throw new Error(`generating the fixture embedding model failed:\n${result.stderr || result.stdout}`);
}

/** vitest globalSetup: once per run, before any test file. */
export default function setup(): void {
	ensureFixtureModel();
}
