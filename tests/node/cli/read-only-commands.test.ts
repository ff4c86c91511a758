import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { indexCommand } from "../../../src/node/cli/index-command";
import { maintainCommand } from "../../../src/node/cli/maintain-command";
import { proposalsCommand } from "../../../src/node/cli/proposals-command";
import { DEFAULT_CONFIG_DIR } from "../../fakes/obsidian/vault";

const EXAMPLE_VAULT = fileURLToPath(new URL("../../../examples/vault", import.meta.url));
const dirs: string[] = [];

function freshVault(): string {
	const dir = mkdtempSync(join(tmpdir(), "read-only-"));
	dirs.push(dir);
	cpSync(EXAMPLE_VAULT, dir, { recursive: true });
	return dir;
}

/** Every file and folder under `dir`: its kind, size, modification time and, for files, a hash of its bytes. */
function tree(dir: string): Record<string, string> {
	const entries: Record<string, string> = {};
	const walk = (folder: string): void => {
		for (const name of readdirSync(folder)) {
			const path = join(folder, name);
			const stat = statSync(path);
			const key = relative(dir, path);
			if (stat.isDirectory()) {
				entries[key] = `folder ${stat.mtimeMs}`;
				walk(path);
			} else {
				const hash = createHash("sha256").update(readFileSync(path)).digest("hex");
				entries[key] = `file ${stat.size} ${stat.mtimeMs} ${hash}`;
			}
		}
	};
	walk(dir);
	return entries;
}

async function quietly(command: () => Promise<number>): Promise<number> {
	vi.spyOn(process.stdout, "write").mockImplementation(() => true);
	vi.spyOn(process.stderr, "write").mockImplementation(() => true);
	try {
		return await command();
	} finally {
		vi.restoreAllMocks();
	}
}

const READ_ONLY: [string, (vaultDir: string) => Promise<number>][] = [
	["proposals", (vaultDir) => proposalsCommand({ vaultDir, json: false })],
	[
		"maintain --dry-run",
		(vaultDir) => maintainCommand({ vaultDir, dryRun: true, confirmVaultWrites: false, json: false }),
	],
	["index", (vaultDir) => indexCommand({ vaultDir, exclude: [], edgeKeys: {}, json: false })],
];

afterEach(() => {
	vi.restoreAllMocks();
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("read-only commands", () => {
	it.each(READ_ONLY)("%s leaves a fresh vault's tree as it was (no plugin folder created)", async (_, command) => {
		const vault = freshVault();
		const before = tree(vault);
		expect(await quietly(() => command(vault))).toBe(0);
		expect(tree(vault)).toEqual(before);
		expect(Object.keys(before).some((path) => path.startsWith(DEFAULT_CONFIG_DIR))).toBe(false);
	});

	it.each(READ_ONLY)("%s leaves an existing state folder as it was", async (_, command) => {
		const vault = freshVault();
		expect(
			await quietly(() => maintainCommand({ vaultDir: vault, dryRun: false, confirmVaultWrites: false, json: false })),
		).toBe(0);
		const before = tree(vault);
		expect(Object.keys(before)).toContain(join(DEFAULT_CONFIG_DIR, "plugins", "causal-memory", "state"));
		expect(await quietly(() => command(vault))).toBe(0);
		expect(tree(vault)).toEqual(before);
	});
});
