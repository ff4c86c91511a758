import {
	chmodSync,
	existsSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claudeDesktopConfigPath, DesktopConfigError } from "../../../src/mcp/connect/claude-desktop-config";
import { addClaudeDesktopServer } from "../../../src/mcp/connect/claude-desktop-file";
import { claudeDesktopServer } from "../../../src/mcp/connect/client-instructions";

const URL = "http://127.0.0.1:27150/mcp";
const SERVER = claudeDesktopServer(URL, "t".repeat(43));
const NOW = new Date("2026-12-04T18:40:00.000Z");
const folders: string[] = [];

function folder(): string {
	const dir = mkdtempSync(join(tmpdir(), "cm-desktop-"));
	folders.push(dir);
	return dir;
}

afterEach(() => {
	for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A configuration as Claude Desktop users have it: another server and a preference of the app. */
const OTHER = `{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/me/Desktop"]
    }
  },
  "globalShortcut": "Ctrl+Space"
}
`;

describe("adding the server to Claude Desktop's configuration file", () => {
	it("creates a missing file (and its folder) with the one entry, no backup", async () => {
		const file = join(folder(), "Claude", "claude_desktop_config.json");
		const { backup } = await addClaudeDesktopServer(file, "causal-memory-notes", SERVER, NOW);
		expect(backup).toBeNull();
		expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ mcpServers: { "causal-memory-notes": SERVER } });
	});

	it("fills an empty file", async () => {
		const file = join(folder(), "claude_desktop_config.json");
		writeFileSync(file, "");
		await addClaudeDesktopServer(file, "causal-memory-notes", SERVER, NOW);
		expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ mcpServers: { "causal-memory-notes": SERVER } });
	});

	it("keeps every other server and setting, and backs the file up first, byte for byte", async () => {
		const dir = folder();
		const file = join(dir, "claude_desktop_config.json");
		writeFileSync(file, OTHER);
		const { backup } = await addClaudeDesktopServer(file, "causal-memory-notes", SERVER, NOW);
		expect(backup).toBe(`${file}.backup-2026-12-04T18-40-00-000Z`);
		expect(readFileSync(backup ?? "", "utf8")).toBe(OTHER);
		const written = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
		const before = JSON.parse(OTHER) as { mcpServers: Record<string, unknown>; globalShortcut: string };
		expect(written).toEqual({
			mcpServers: { ...before.mcpServers, "causal-memory-notes": SERVER },
			globalShortcut: "Ctrl+Space",
		});
		expect(readdirSync(dir).sort()).toEqual([
			"claude_desktop_config.json",
			"claude_desktop_config.json.backup-2026-12-04T18-40-00-000Z",
		]);
	});

	it("replaces its own entry when run again (a new port or token), the others untouched", async () => {
		const file = join(folder(), "claude_desktop_config.json");
		writeFileSync(file, OTHER);
		await addClaudeDesktopServer(file, "causal-memory-notes", SERVER, NOW);
		const moved = claudeDesktopServer("http://127.0.0.1:27151/mcp", "u".repeat(43));
		await addClaudeDesktopServer(file, "causal-memory-notes", moved, new Date(NOW.getTime() + 1000));
		const servers = (JSON.parse(readFileSync(file, "utf8")) as { mcpServers: Record<string, unknown> }).mcpServers;
		expect(Object.keys(servers)).toEqual(["filesystem", "causal-memory-notes"]);
		expect(servers["causal-memory-notes"]).toEqual(moved);
	});

	it("keeps an existing file's permissions, and makes a new one readable by its owner only (it holds the token)", async () => {
		const dir = folder();
		const kept = join(dir, "claude_desktop_config.json");
		writeFileSync(kept, OTHER);
		chmodSync(kept, 0o640);
		await addClaudeDesktopServer(kept, "causal-memory-notes", SERVER, NOW);
		expect(statSync(kept).mode & 0o777).toBe(0o640);
		const made = join(dir, "new", "claude_desktop_config.json");
		await addClaudeDesktopServer(made, "causal-memory-notes", SERVER, NOW);
		expect(statSync(made).mode & 0o777).toBe(0o600);
	});

	it("refuses a file that is not valid JSON, naming it, and writes nothing (no backup, file unchanged)", async () => {
		const dir = folder();
		const file = join(dir, "claude_desktop_config.json");
		const broken = '{ "mcpServers": { "filesystem": { "command": "npx", } }';
		writeFileSync(file, broken);
		const attempt = addClaudeDesktopServer(file, "causal-memory-notes", SERVER, NOW);
		await expect(attempt).rejects.toThrow(DesktopConfigError);
		await expect(attempt).rejects.toThrow(`${file} is not valid JSON`);
		expect(readFileSync(file, "utf8")).toBe(broken);
		expect(readdirSync(dir)).toEqual(["claude_desktop_config.json"]);
	});

	it("refuses a file whose mcpServers is not an object of servers", async () => {
		const file = join(folder(), "claude_desktop_config.json");
		writeFileSync(file, '{"mcpServers": ["filesystem"]}');
		await expect(addClaudeDesktopServer(file, "causal-memory-notes", SERVER, NOW)).rejects.toThrow(
			`"mcpServers" in ${file} is not an object of servers; nothing was written.`,
		);
		expect(existsSync(`${file}.backup-2026-12-04T18-40-00-000Z`)).toBe(false);
	});
});

describe("claudeDesktopConfigPath", () => {
	it("is where Claude Desktop reads it on each platform", () => {
		expect(claudeDesktopConfigPath({ platform: "darwin", home: "/Users/me" })).toBe(
			"/Users/me/Library/Application Support/Claude/claude_desktop_config.json",
		);
		expect(
			claudeDesktopConfigPath({ platform: "win32", home: "C:\\Users\\me", appData: "C:\\Users\\me\\AppData\\Roaming" }),
		).toBe("C:\\Users\\me\\AppData\\Roaming\\Claude\\claude_desktop_config.json");
		expect(claudeDesktopConfigPath({ platform: "linux", home: "/home/me" })).toBe(
			"/home/me/.config/Claude/claude_desktop_config.json",
		);
	});
});
