import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startServeProcess, type ServeProcess } from "../../helpers/serve-process";
import { generateToken } from "../../../src/mcp/http/mcp-http-server";
import { KEYWORD_CACHE } from "../../../src/engine/recall/keyword-cache";
import { headlessCacheFolder } from "../../../src/node/fs/fs-cache-store";
import { TOKEN_ENV } from "../../../src/node/serve-token";
import { ALL_TOOLS } from "../../mcp/memory-tools-harness";
import { connectClient } from "../../mcp/http/http-harness";
import { DEFAULT_CONFIG_DIR as CONFIG_DIR } from "../../fakes/obsidian/vault";

async function connect(url: string, token: string): Promise<Client> {
	return (await connectClient(url, token)).client;
}

type Structured = Record<string, unknown>;

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Structured> {
	const result = await client.callTool({ name, arguments: args });
	if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
	return result.structuredContent as Structured;
}

function portIsFree(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const probe = createServer();
		probe.once("error", () => resolve(false));
		probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
	});
}

describe("causal-memory serve, driven over HTTP by the SDK client", () => {
	let dir: string;
	let vault: string;
	let served: ServeProcess;
	let token: string;
	let client: Client;

	beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), "serve-e2e-"));
		vault = join(dir, "vault");
		await cp(join(REPO_ROOT, "examples", "vault"), vault, { recursive: true });
		served = await startServeProcess(vault);
		token = served.token ?? "";
		client = await connect(served.url, token);
	});

	afterAll(async () => {
		await client.close().catch(() => undefined);
		await served.stop();
		await rm(dir, { recursive: true, force: true });
	});

	const note = (path: string): Promise<string> => readFile(join(vault, path), "utf8");

	it("lists every memory tool, and the token went to data.json, not to stderr", async () => {
		const { tools } = await client.listTools();
		expect(tools.map((tool) => tool.name).sort()).toEqual(ALL_TOOLS);
		const saved = JSON.parse(await readFile(join(vault, CONFIG_DIR, "plugins/causal-memory/data.json"), "utf8")) as {
			mcp: { token: string };
		};
		expect(saved.mcp.token).toBe(token);
		expect(served.stderr()).not.toContain(token);
		// One line per new client (name and version from initialize), not one per session.
		await connect(served.url, token).then((second) => second.close());
		expect(served.stderr().match(/MCP: .* connected\./g)).toEqual(["MCP: http-test 1.0.0 connected."]);
		expect(served.stderr()).not.toContain("No notes yet");
		if (process.platform !== "win32")
			expect((await stat(join(vault, CONFIG_DIR, "plugins/causal-memory/data.json"))).mode & 0o777).toBe(0o600);
	});

	it("stores a memory as a note with typed links, then recalls, searches, explains and traverses it", async () => {
		const stored = await call(client, "memory_store", {
			content: "The sync server outage was caused by an expired TLS certificate on the relay.",
			title: "Outage root cause was an expired certificate",
			category: "incident",
			related: [{ id: "Sync server outage 2024-06", type: "caused_by" }],
		});
		expect(stored).toMatchObject({
			status: "stored",
			node_id: "Memory/Outage root cause was an expired certificate.md",
		});
		const text = await note("Memory/Outage root cause was an expired certificate.md");
		expect(text).toMatch(/^---\n/);
		expect(text).toContain("memory_source: mcp");
		expect(text).toContain("memory_category: incident");
		expect(text).toMatch(/caused_by:\n\s+- "\[\[Sync server outage 2024-06\]\]"/);
		expect(text).toContain("expired TLS certificate on the relay");

		const recalled = await call(client, "memory_recall", { query: "expired TLS certificate", read_only: true });
		expect((recalled.results as { node_id: string }[])[0].node_id).toBe(
			"Memory/Outage root cause was an expired certificate.md",
		);

		const searched = await call(client, "memory_search", { query: "", filters: { category: "incident" } });
		expect(JSON.stringify(searched)).toContain("Outage root cause was an expired certificate.md");

		const explained = await call(client, "memory_explain", { node_id: "Outage root cause was an expired certificate" });
		expect(JSON.stringify(explained)).toContain("Incidents/Sync server outage 2024-06.md");

		const traversed = await call(client, "memory_traverse", {
			node_id: "Outage root cause was an expired certificate",
			depth: 1,
		});
		expect(JSON.stringify(traversed)).toContain("Incidents/Sync server outage 2024-06.md");
	});

	it("links, amends, pins and unpins, writing only frontmatter of notes in the memory folder", async () => {
		const before = await note("Memory/Lost edits came from clock skew.md");
		const linked = await call(client, "memory_link", {
			source: "Lost edits came from clock skew",
			target: "Lost edits after concurrent save",
			type: "supports",
		});
		expect(linked).toMatchObject({ created: true, type: "supports" });
		const after = await note("Memory/Lost edits came from clock skew.md");
		expect(after).toContain("[[Lost edits after concurrent save]]");
		expect(after.slice(after.indexOf("\n---\n"))).toBe(before.slice(before.indexOf("\n---\n")));

		const amended = await call(client, "memory_amend", {
			node_id: "Memory/Notes are stored in SQLite.md",
			content: "Notes are stored as plain markdown files; the SQLite plan was dropped.",
			reason: "decision reversed",
		});
		expect(amended.supersedes).toBe("Memory/Notes are stored in SQLite.md");
		expect(await note(amended.node_id as string)).toContain("supersedes:");
		expect(existsSync(join(vault, "Memory/Notes are stored in SQLite.md"))).toBe(true);

		await call(client, "pin_memory", { node_id: "Team prefers small reviewable PRs" });
		expect(await note("Memory/Team prefers small reviewable PRs.md")).toContain("memory_pinned: true");
		const core = await call(client, "list_core_memories", {});
		expect(JSON.stringify(core)).toContain("Team prefers small reviewable PRs.md");
		await call(client, "unpin_memory", { node_id: "Team prefers small reviewable PRs" });
		expect(await note("Memory/Team prefers small reviewable PRs.md")).not.toContain("memory_pinned: true");
	});

	it("deletes only memories it created, reports stats, runs a dry maintenance pass and saves core preferences", async () => {
		const stored = await call(client, "memory_store", {
			content: "A throwaway memory about nothing in particular.",
			title: "Throwaway",
		});
		await call(client, "delete_memory", { node_id: stored.node_id });
		expect(existsSync(join(vault, "Memory/Throwaway.md"))).toBe(false);
		expect(await readdir(join(vault, ".trash", "Memory"))).toContain("Throwaway.md");

		const refused = await client.callTool({
			name: "delete_memory",
			arguments: { node_id: "Decisions/Keep notes as plain files.md" },
		});
		expect(refused.isError).toBe(true);
		expect(JSON.stringify(refused.content)).toContain("mcp.writeFolders");
		expect(existsSync(join(vault, "Decisions/Keep notes as plain files.md"))).toBe(true);

		const stats = await call(client, "memory_stats", {});
		expect(JSON.stringify(stats)).toMatch(/"notes":3[23]/);

		const pass = await call(client, "memory_maintenance", { dry_run: true });
		expect(pass).toMatchObject({ dry_run: true });

		await call(client, "set_core_preferences", { auto: ["preference"], approval: [], excluded: ["incident"] });
		const saved = JSON.parse(await readFile(join(vault, CONFIG_DIR, "plugins/causal-memory/data.json"), "utf8")) as {
			scoring: { core: Record<string, string[]> };
			mcp: { token?: string };
		};
		expect(saved.scoring.core).toMatchObject({ autoCategories: ["preference"], excludedCategories: ["incident"] });
		// Issue 12 defect 4: the settings were read before the token was generated; saving them must not drop it.
		expect(saved.mcp.token).toBe(token);
	});

	it("refuses ids that leave the vault without touching any file", async () => {
		for (const id of ["../outside.md", "/etc/passwd", "Memory/../../x.md"]) {
			const result = await client.callTool({ name: "memory_explain", arguments: { node_id: id } });
			expect(result.isError).toBe(true);
			expect(JSON.stringify(result.content)).not.toContain(dir);
		}
	});

	it("stops on SIGTERM with exit code 0, frees its port and saves the keyword cache outside the vault", async () => {
		const port = Number(new URL(served.url).port);
		await client.close();
		expect(await served.stop()).toBe(0);
		expect(await portIsFree(port)).toBe(true);
		const cache = await readFile(join(await headlessCacheFolder(vault), KEYWORD_CACHE), "utf8");
		expect(cache).toContain("Start here.md");
		expect(await readdir(join(vault, CONFIG_DIR, "plugins", "causal-memory", "state"))).not.toContainEqual(
			expect.stringContaining("keyword-index"),
		);
	});
});

describe("causal-memory serve: a token kept out of the process list", () => {
	let dir: string;
	beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), "serve-token-"));
	});
	afterAll(async () => {
		await rm(dir, { recursive: true, force: true });
	});

	async function servesWith(name: string, token: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
		const vault = join(dir, name);
		await cp(join(REPO_ROOT, "examples", "vault"), vault, { recursive: true });
		const served = await startServeProcess(vault, args, env);
		try {
			expect(served.token).toBe(token);
			if (process.platform === "linux")
				expect(await readFile(`/proc/${served.process.pid}/cmdline`, "utf8")).not.toContain(token);
			const client = await connect(served.url, token);
			expect((await client.listTools()).tools.length).toBe(ALL_TOOLS.length);
			await client.close();
			expect(existsSync(join(vault, CONFIG_DIR, "plugins/causal-memory/data.json"))).toBe(false);
		} finally {
			await served.stop();
		}
	}

	it(`takes it from ${TOKEN_ENV}`, async () => {
		const token = generateToken();
		await servesWith("env", token, [], { ...process.env, [TOKEN_ENV]: token });
	});

	it("takes it from --token-file", async () => {
		const token = generateToken();
		const file = join(dir, "token");
		await writeFile(file, `${token}\n`, { mode: 0o600 });
		await servesWith("file", token, ["--token-file", file], process.env);
	});
});

describe("causal-memory serve on an empty vault", () => {
	it("says so once indexed, with what to do", async () => {
		const dir = await mkdtemp(join(tmpdir(), "serve-empty-"));
		try {
			const served = await startServeProcess(dir);
			await served.stop();
			expect(served.stderr()).toContain(
				'causal-memory: No notes yet. Ask Claude to remember something, or add notes to the "Memory" folder (or anywhere in the vault).',
			);
		} finally {
			await rm(dir, { recursive: true, force: true });
		}
	});
});
