// `npm run install-plugin -- --vault <path> [--config-dir NAME]`: builds main.js and the CLI when
// they are missing or older than the sources, then copies the three release files into the vault
// (`causal-memory install-plugin`, src/node/cli/install-plugin-command.ts).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const BUILT = ["main.js", "dist/cli.cjs"].map((file) => join(ROOT, file));
const SOURCES = ["src", "manifest.json", "styles.css", "package-lock.json"].map((file) => join(ROOT, file));

function newestChange(path) {
	const info = statSync(path);
	if (!info.isDirectory()) return info.mtimeMs;
	return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), info.mtimeMs);
}

function run(args) {
	const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: "inherit" });
	if (result.status !== 0) process.exit(result.status ?? 1);
}

const builtAt = Math.min(...BUILT.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
if (builtAt < Math.max(...SOURCES.map(newestChange))) {
	process.stderr.write("Building main.js and the CLI first (npm run build's bundling step)…\n");
	run(["esbuild.config.mjs", "production"]);
}
run([join(ROOT, "dist", "cli.cjs"), "install-plugin", ...process.argv.slice(2)]);
