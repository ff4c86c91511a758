import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * vitest globalSetup: builds main.js and dist/cli.cjs once per run, the way a release does, so
 * the tests that load the bundles read finished files instead of racing each other's builds.
 */
export default function setup(): void {
	execFileSync(process.execPath, ["esbuild.config.mjs", "production"], { cwd: ROOT, stdio: "pipe" });
}
