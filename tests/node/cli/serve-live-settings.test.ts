import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { setTimeout } from "node:timers";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateToken } from "../../../src/mcp/http/mcp-http-server";
import { pluginFolder } from "../../../src/node/headless-settings";
import { statusWith } from "../../helpers/mcp-post";
import { connectClient } from "../../mcp/http/http-harness";
import { startServeProcess, type ServeProcess } from "../../helpers/serve-process";

const SECRET = "Journal/Secret.md";

/** `causal-memory serve` (the built CLI) following data.json while MCP clients use it. */
describe("serve applies a changed data.json while it runs", () => {
	let dir: string;
	let vault: string;
	let served: ServeProcess;
	let client: Client;

	beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), "serve-live-settings-"));
		vault = join(dir, "vault");
		await mkdir(join(vault, "Journal"), { recursive: true });
		await mkdir(join(vault, "Notes"), { recursive: true });
		await writeFile(join(vault, SECRET), "The lighthouse keeper hid the key under the blue stone.");
		await writeFile(join(vault, "Notes/Plan.md"), "Repaint the lighthouse in spring.");
		served = await startServeProcess(vault);
		({ client } = await connectClient(served.url, served.token));
	});

	afterAll(async () => {
		await client.close().catch(() => undefined);
		await served.stop();
		await rm(dir, { recursive: true, force: true });
	});

	const dataJson = (): string => join(pluginFolder(vault), "data.json");
	const editSettings = async (edit: (saved: Record<string, unknown>) => Record<string, unknown>): Promise<void> => {
		const saved = JSON.parse(await readFile(dataJson(), "utf8")) as Record<string, unknown>;
		await writeFile(dataJson(), JSON.stringify(edit(saved), null, 2));
	};
	const get = (nodeId: string): Promise<CallToolResult> =>
		client.callTool({ name: "memory_get", arguments: { node_id: nodeId } }) as Promise<CallToolResult>;
	const recalled = async (query: string): Promise<string[]> => {
		const result = (await client.callTool({
			name: "memory_recall",
			arguments: { query, read_only: true },
		})) as CallToolResult;
		return ((result.structuredContent as { results: { node_id: string }[] }).results ?? []).map((hit) => hit.node_id);
	};
	/** Milliseconds until `done` holds, checked every 50 ms; fails after 10 s. */
	const msUntil = async (done: () => Promise<boolean>): Promise<number> => {
		const started = performance.now();
		while (!(await done())) {
			if (performance.now() - started > 10_000) throw new Error(`not within 10 s:\n${served.stderr()}`);
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		return performance.now() - started;
	};

	it("a folder excluded in data.json is unreadable over MCP within a few seconds, and readable again once included", async () => {
		expect((await get(SECRET)).isError).toBeFalsy();
		expect(await recalled("key blue stone")).toContain(SECRET);

		await editSettings((saved) => ({ ...saved, index: { excludedFolders: ["Journal"] } }));
		const ms = await msUntil(async () => (await get(SECRET)).isError === true);
		expect(ms).toBeLessThan(5000);
		const refused = await get(SECRET);
		expect(JSON.stringify(refused.content)).toMatch(/excluded folder.*index\.excludedFolders/);
		expect(await recalled("key blue stone")).not.toContain(SECRET);
		expect((await get("Notes/Plan.md")).isError).toBeFalsy();
		expect(served.stderr()).toContain("applied index.excludedFolders");

		await editSettings((saved) => ({ ...saved, index: { excludedFolders: [] } }));
		await msUntil(async () => !(await get(SECRET)).isError);
		expect(await recalled("key blue stone")).toContain(SECRET);
	});

	it("an invalid change is logged with the field and the fix, and the settings in effect stay", async () => {
		await editSettings((saved) => ({ ...saved, index: { excludedFolders: ["Journal"] } }));
		await msUntil(async () => (await get(SECRET)).isError === true);
		await editSettings((saved) => ({ ...saved, index: { excludedFolders: "Journal" } }));
		await msUntil(() => Promise.resolve(served.stderr().includes('Invalid index setting "excludedFolders"')));
		expect(served.stderr()).toContain("Fix it in the file; the previous settings stay in effect.");
		expect((await get(SECRET)).isError).toBe(true);
		expect((await get("Notes/Plan.md")).isError).toBeFalsy();
	});

	it("a session limit or token changed in data.json restarts the server with it: the new token is served, the old one refused", async () => {
		const restarts = (): number => served.stderr().split("MCP server restarted").length - 1;
		const before = restarts();
		const token = generateToken();
		await editSettings((saved) => ({
			...saved,
			index: { excludedFolders: [] },
			mcp: { ...(saved.mcp as object), maxSessions: 20, token },
		}));
		await msUntil(() => Promise.resolve(restarts() > before));
		const url = [...served.stderr().matchAll(/MCP URL: (\S+)/g)].at(-1)?.[1] ?? "";
		expect(served.stderr()).not.toContain(token);
		expect(await statusWith(url, token)).toBe(200);
		expect(await statusWith(url, served.token ?? "")).toBe(401);
	});
});
