import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { connectCommand, type Client } from "../../../src/node/cli/connect-command";
import { pluginFolder } from "../../../src/node/headless-settings";

const TOKEN = "k".repeat(43);
const folders: string[] = [];
const NOW = new Date("2026-12-04T18:45:00.000Z");

/** A vault named "Work Notes" whose plugin data holds a token and port 27160. */
function vault(data: unknown = { mcp: { token: TOKEN, port: 27160 } }): string {
	const root = mkdtempSync(join(tmpdir(), "cm-connect-"));
	folders.push(root);
	const dir = join(root, "Work Notes");
	mkdirSync(pluginFolder(dir), { recursive: true });
	writeFileSync(join(pluginFolder(dir), "data.json"), JSON.stringify(data));
	return dir;
}

async function run(
	client: Client,
	vaultDir: string,
	extra: { configFile?: string; write?: boolean } = {},
): Promise<string> {
	const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
	expect(await connectCommand({ client, vaultDir, write: false, now: NOW, ...extra })).toBe(0);
	const printed = out.mock.calls.map((call) => String(call[0])).join("");
	out.mockRestore();
	return printed;
}

afterEach(() => {
	vi.restoreAllMocks();
	for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("causal-memory connect", () => {
	it("claude-desktop shows what it would add and writes nothing without --write", async () => {
		const dir = vault();
		const file = join(dir, "..", "claude_desktop_config.json");
		writeFileSync(file, '{"mcpServers":{}}');
		const printed = await run("claude-desktop", dir, { configFile: file });
		expect(printed).toContain(`Would add "causal-memory-work-notes" to ${file}`);
		expect(printed).toContain('"http://127.0.0.1:27160/mcp"');
		expect(printed).toContain("Run again with --write to write it.");
		expect(readFileSync(file, "utf8")).toBe('{"mcpServers":{}}');
	});

	it("claude-desktop --write merges the entry into the file, keeps the others, and says to restart", async () => {
		const dir = vault();
		const file = join(dir, "..", "claude_desktop_config.json");
		writeFileSync(file, JSON.stringify({ mcpServers: { other: { command: "other-server" } } }));
		const printed = await run("claude-desktop", dir, { configFile: file, write: true });
		expect(printed).toContain(`Added "causal-memory-work-notes" to ${file} (the file as it was: ${file}.backup-`);
		expect(printed).toContain("Restart Claude Desktop");
		const servers = (
			JSON.parse(readFileSync(file, "utf8")) as { mcpServers: Record<string, { args?: string[]; env?: unknown }> }
		).mcpServers;
		expect(Object.keys(servers)).toEqual(["other", "causal-memory-work-notes"]);
		expect(servers["causal-memory-work-notes"]?.args).toContain("http://127.0.0.1:27160/mcp");
		expect(servers["causal-memory-work-notes"]?.env).toEqual({ MCP_TOKEN: `Bearer ${TOKEN}` });
	});

	it("claude-code prints the user-scope line and the project variant", async () => {
		const printed = await run("claude-code", vault());
		expect(printed).toContain(
			`claude mcp add --scope user --transport http causal-memory-work-notes http://127.0.0.1:27160/mcp --header "Authorization: Bearer ${TOKEN}"`,
		);
		expect(printed).toContain("claude mcp add --scope project --transport http causal-memory-work-notes");
	});

	it("cursor and vscode print their own configuration forms", async () => {
		const dir = vault();
		const cursor = await run("cursor", dir);
		expect(JSON.parse(cursor.slice(cursor.indexOf("{")))).toEqual({
			mcpServers: {
				"causal-memory-work-notes": {
					url: "http://127.0.0.1:27160/mcp",
					headers: { Authorization: `Bearer ${TOKEN}` },
				},
			},
		});
		const vscode = await run("vscode", dir);
		const config = JSON.parse(vscode.slice(vscode.indexOf("{"))) as {
			servers: Record<string, { type: string; headers: Record<string, string> }>;
			inputs: { id: string; password: boolean }[];
		};
		expect(config.servers["causal-memory-work-notes"]).toEqual({
			type: "http",
			url: "http://127.0.0.1:27160/mcp",
			headers: { Authorization: "Bearer ${input:causal-memory-work-notes-token}" },
		});
		expect(config.inputs).toEqual([expect.objectContaining({ id: "causal-memory-work-notes-token", password: true })]);
		expect(vscode).not.toContain(TOKEN);
	});

	it("refuses a vault whose server never ran (no token yet), saying how to get one", async () => {
		const dir = vault({});
		await expect(connectCommand({ client: "claude-code", vaultDir: dir, write: false, now: NOW })).rejects.toThrow(
			`${dir} has no MCP token yet: start the server once`,
		);
	});
});
