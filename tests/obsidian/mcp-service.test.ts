import type { Server } from "node:net";
import { describe, expect, it } from "vitest";
import type { McpSettings } from "../../src/core/model/mcp-settings";
import { serverName } from "../../src/mcp/connect/client-instructions";
import { Clipboard, Notice } from "../fakes/obsidian";
import { cleanups, mcpServiceUnderTest } from "./mcp-service-harness";
import { pluginUnderTest } from "./plugin-under-test";
import { freePort, isPortFree, occupy, portOf, release } from "./ports";

const COPY = "causal-memory:copy-mcp-connection";

async function setup(mcp: Partial<McpSettings>) {
	const { app, obsidianPlugin } = pluginUnderTest({ "A.md": "" });
	return { app, ...(await mcpServiceUnderTest(app, obsidianPlugin, mcp)) };
}

async function occupied(port: number): Promise<Server> {
	const server = await occupy(port);
	cleanups.push(() => release(server));
	return server;
}

describe("ObsidianMcp", () => {
	it("generates and saves a token on first run, serves on the preferred port, names it, and frees it on stop", async () => {
		const port = await freePort();
		const { service, settings } = await setup({ port });
		await service.start();
		expect(service.state).toEqual({ kind: "running", port, url: `http://127.0.0.1:${port}/mcp` });
		const token = settings.current.mcp.token ?? "";
		expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
		// The token, then the port the notice announced.
		expect(settings.saves).toBe(2);
		expect(Notice.messages.at(-1)).toBe(
			`Causal Memory: MCP server on port ${port}. Connect a client from the plugin's settings (MCP server) or with "Copy the memory server connection line".`,
		);
		expect(await isPortFree(port)).toBe(false);

		await service.stop();
		expect(service.state.kind).toBe("stopped");
		expect(await isPortFree(port)).toBe(true);
		expect(Notice.messages.join("\n")).not.toContain(token);
	});

	it("keeps the saved token and walks up when the preferred port is taken", async () => {
		const taken = await occupied(0);
		const port = portOf(taken);
		const token = "t".repeat(43);
		const { service, settings } = await setup({ port, token });
		await service.start();
		// Only the port the notice announced is saved; the token stays.
		expect(settings.saves).toBe(1);
		expect(settings.current.mcp.token).toBe(token);
		expect(service.state.kind === "running" && service.state.port).toBeGreaterThan(port);
		expect(Notice.messages.at(-1)).toMatch(
			new RegExp(`^Causal Memory: MCP server on port \\d+ \\(port ${port} was taken\\)\\.`),
		);
	});

	it("says clearly why it cannot start when the fixed port is taken, and the command repeats it", async () => {
		const port = portOf(await occupied(0));
		const { app, service } = await setup({ port, fixedPort: true });
		await service.start();
		const expected = `the MCP server could not start: MCP port ${port} on 127.0.0.1 is already in use and "fixedPort" is on: free the port, choose another "port", or turn "fixedPort" off to try the next ones.`;
		expect(Notice.messages.at(-1)).toBe(`Causal Memory: ${expected}`);
		await app.commands.run(COPY);
		expect(Notice.messages.at(-1)).toBe(`Causal Memory: ${expected}`);
	});

	it("copies the claude mcp add command with the token, and shows only the URL", async () => {
		const port = await freePort();
		const { app, service, settings } = await setup({ port });
		await app.commands.run(COPY);
		expect(Notice.messages.at(-1)).toBe(
			"Causal Memory: the MCP server is not running: it starts once the vault is indexed, if MCP is enabled in the settings.",
		);
		await service.start();
		const url = `http://127.0.0.1:${port}/mcp`;
		await app.commands.run(COPY);
		expect(Clipboard.text).toBe(
			`claude mcp add --scope user --transport http ${serverName(app.vault.getName())} ${url} --header "Authorization: Bearer ${settings.current.mcp.token}"`,
		);
		expect(Clipboard.text).toContain(`--header "Authorization: Bearer ${settings.current.mcp.token}"`);
		expect(Notice.messages.at(-1)).toBe(
			`Copied the "claude mcp add" command for ${url} (it holds the token: paste it only into a terminal).`,
		);

		Clipboard.failWith = new Error("Document is not focused.");
		await app.commands.run(COPY);
		expect(Notice.messages.at(-1)).toBe(
			`Causal Memory: could not copy the MCP connection command (Document is not focused.); the server is at ${url}.`,
		);
	});

	it("starts nothing when MCP is disabled, and nothing after it was stopped", async () => {
		const port = await freePort();
		const disabled = await setup({ port, enabled: false });
		await disabled.service.start();
		expect(disabled.service.state.kind).toBe("off");
		expect(disabled.settings.current.mcp.token).toBeUndefined();

		const stopped = await setup({ port });
		await stopped.service.stop();
		await stopped.service.start();
		expect(stopped.service.state.kind).toBe("stopped");
		expect(await isPortFree(port)).toBe(true);
	});

	it("closes a server that finished starting after stop was asked", async () => {
		const port = await freePort();
		const { service } = await setup({ port });
		const starting = service.start();
		const stopping = service.stop();
		await Promise.all([starting, stopping]);
		expect(service.state.kind).toBe("stopped");
		expect(await isPortFree(port)).toBe(true);
	});
});
