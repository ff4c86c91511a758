import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { parseNote } from "../../src/core/parse/parse-note";
import { Events, Notice } from "../fakes/obsidian";
import { removeVaultDirs } from "../obsidian/fake-app";
import { freePort, isPortFree } from "../obsidian/ports";
import { DATA_JSON, mcpSettled, startApp } from "./load-bundle";

const VAULT = {
	"Projects/Checkout outage.md": "Checkout was down for an hour after the release.",
	"Garden.md": "Tomatoes need more water in July.",
};

const clients: Client[] = [];

afterEach(async () => {
	await Promise.all(clients.splice(0).map((client) => client.close()));
	expect(Events.listenerErrors).toEqual([]);
	await removeVaultDirs();
});

async function connect(url: string, token: string): Promise<Client> {
	const client = new Client({ name: "plugin-test", version: "1.0.0" });
	await client.connect(
		new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
	);
	clients.push(client);
	return client;
}

describe("the MCP server inside Obsidian (main.js with the fake obsidian module)", () => {
	it("serves the memory tools over the vault after layout ready, with the token kept in data.json, and frees the port on unload", async () => {
		const port = await freePort();
		const { app, plugin } = startApp(VAULT, JSON.stringify({ mcp: { port } }));
		plugin.load();
		await plugin.whenLoaded();
		app.vault.fireLoadEvents();
		app.workspace.triggerLayoutReady();
		await plugin.memory?.whenReady();
		await mcpSettled(plugin);
		const url = `http://127.0.0.1:${port}/mcp`;
		expect(plugin.mcp?.state).toEqual({ kind: "running", port, url });
		expect(Notice.messages).toContain(
			`Causal Memory: MCP server on port ${port}. Connect a client from the plugin's settings (MCP server) or with "Copy the memory server connection line".`,
		);

		const saved = JSON.parse(readFileSync(app.vault.fullPath(DATA_JSON), "utf8")) as {
			mcp: { port: number; token: string };
		};
		expect(saved.mcp.port).toBe(port);
		expect(saved.mcp.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(Notice.messages.join("\n")).not.toContain(saved.mcp.token);
		await expect(connect(url, "wrong-token")).rejects.toThrow(/Unauthorized/);

		const client = await connect(url, saved.mcp.token);
		const tools = (await client.listTools()).tools.map((tool) => tool.name);
		expect(tools).toEqual(
			expect.arrayContaining(["memory_store", "memory_recall", "memory_explain", "memory_maintenance"]),
		);

		const stored = await client.callTool({
			name: "memory_store",
			arguments: {
				content: "Deploys are frozen during the payment migration.",
				title: "Deploy freeze",
				category: "decision",
				related: [{ id: "Checkout outage", type: "caused_by" }],
			},
		});
		expect(stored.isError).toBeFalsy();
		expect(stored.structuredContent).toMatchObject({ node_id: "Memory/Deploy freeze.md", status: "stored" });
		const onDisk = readFileSync(join(app.vault.adapter.getBasePath(), "Memory", "Deploy freeze.md"), "utf8");
		expect(onDisk).toContain("Deploys are frozen during the payment migration.");
		expect(parseNote(onDisk).frontmatter).toMatchObject({
			memory_source: "mcp",
			memory_category: "decision",
			caused_by: ["[[Checkout outage]]"],
		});
		expect(app.vault.getFileByPath("Memory/Deploy freeze.md")).not.toBeNull();

		const recalled = await client.callTool({
			name: "memory_recall",
			arguments: { query: "why are deploys frozen", k: 3 },
		});
		expect(recalled.isError).toBeFalsy();
		const results = (recalled.structuredContent as { results: { node_id: string }[] }).results;
		expect(results[0]?.node_id).toBe("Memory/Deploy freeze.md");

		await app.metadataCache.whenIdle();
		await plugin.memory?.idle();
		expect(plugin.statusBarItems[0]?.getText()).toBe("Memory: 3 notes · 1 link");

		plugin.unload();
		await plugin.stopped;
		expect(plugin.mcp?.state.kind).toBe("stopped");
		expect(await isPortFree(port)).toBe(true);
		expect(existsSync(join(app.vault.adapter.getBasePath(), "Memory", "Deploy freeze.md"))).toBe(true);
	});

	it("listens while the vault is still being indexed: recall answers from what is read so far, marked partial, and the build ends after", async () => {
		const port = await freePort();
		const { app, plugin } = startApp(VAULT, JSON.stringify({ mcp: { port } }));
		// The checkout note's read is held (notes are read in path order, the garden's first): the
		// first index cannot finish until it is let go.
		let letGo = (): void => undefined;
		const held = new Promise<void>((resolve) => (letGo = resolve));
		const cachedRead = app.vault.cachedRead.bind(app.vault);
		app.vault.cachedRead = async (file) => {
			if (file.path === "Projects/Checkout outage.md") await held;
			return cachedRead(file);
		};
		plugin.load();
		await plugin.whenLoaded();
		app.vault.fireLoadEvents();
		app.workspace.triggerLayoutReady();
		await mcpSettled(plugin);
		expect(plugin.mcp?.state.kind).toBe("running");

		const saved = JSON.parse(readFileSync(app.vault.fullPath(DATA_JSON), "utf8")) as { mcp: { token: string } };
		const client = await connect(`http://127.0.0.1:${port}/mcp`, saved.mcp.token);
		// Notes join the partial index as they are read: ask until the garden note is among them.
		const askGarden = () => client.callTool({ name: "memory_recall", arguments: { query: "tomatoes water" } });
		let recalled = await askGarden();
		for (
			let tries = 0;
			tries < 100 && (recalled.structuredContent as { results: unknown[] }).results.length === 0;
			tries++
		) {
			await sleep(50);
			recalled = await askGarden();
		}
		expect(recalled.isError).toBeFalsy();
		expect(recalled.structuredContent).toMatchObject({
			partial: true,
			results: [expect.objectContaining({ node_id: "Garden.md" })],
		});

		letGo();
		await plugin.memory?.whenReady();
		const whole = await client.callTool({ name: "memory_recall", arguments: { query: "checkout outage release" } });
		expect(whole.structuredContent).not.toHaveProperty("partial");
		expect((whole.structuredContent as { results: { node_id: string }[] }).results[0]?.node_id).toBe(
			"Projects/Checkout outage.md",
		);
		plugin.unload();
		await plugin.stopped;
	});
});
