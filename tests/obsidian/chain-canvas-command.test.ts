// @vitest-environment happy-dom
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addChainCanvasCommand } from "../../src/obsidian/chain-canvas-command";
import { EngineService } from "../../src/obsidian/engine-service";
import { MemoryActions } from "../../src/obsidian/memory-actions";
import { Notice } from "../fakes/obsidian";
import { canvasProblems } from "../core/canvas/canvas-spec";
import { engineOver, RecordingStatus } from "./engine-harness";
import { removeVaultDirs } from "./fake-app";
import { pluginUnderTest } from "./plugin-under-test";
import { until } from "./until";

const COMMAND = "causal-memory:open-chain-canvas";
const services: EngineService[] = [];

afterEach(async () => {
	await Promise.all(services.splice(0).map((service) => service.stop()));
	await removeVaultDirs();
});

function setup(files: Record<string, string>) {
	const { app, obsidianPlugin, dir } = pluginUnderTest(files);
	const built = engineOver(app);
	const memory = new EngineService(built.engine, new RecordingStatus(), () => undefined);
	services.push(memory);
	const actions = new MemoryActions(obsidianPlugin.app, memory, () => Promise.resolve());
	addChainCanvasCommand(obsidianPlugin, actions);
	const open = (path: string): void => app.workspace.openFile(app.vault.getFileByPath(path));
	return { app, dir, memory, open };
}

const NOTES = {
	"Memory/Outage.md": '---\ncaused_by: "[[Deploy]]"\n---\nThe API was down.',
	"Memory/Deploy.md": "Friday deploy.",
	"Memory/Rumour.md": '---\ncontradicts: "[[Outage]]"\n---\nIt was never down.',
	"Inbox/Loose.md": "Not linked.",
};

describe("Open causal chain as canvas", () => {
	it("writes the canvas into the memory folder's Canvases, opens it, and updates the same file on a re-run", async () => {
		const { app, dir, memory, open } = setup(NOTES);
		await memory.start();
		open("Memory/Outage.md");
		await app.commands.run(COMMAND);
		const path = "Memory/Canvases/Outage chain.canvas";
		await until(() => app.workspace.getActiveFile()?.path === path);
		const written = JSON.parse(readFileSync(join(dir, path), "utf8")) as {
			nodes: { file: string; color?: string }[];
			edges: { label: string; color: string }[];
		};
		expect(canvasProblems(written)).toEqual([]);
		expect(written.nodes.map((node) => node.file).sort()).toEqual([
			"Memory/Deploy.md",
			"Memory/Outage.md",
			"Memory/Rumour.md",
		]);
		expect(written.nodes.find((node) => node.file === "Memory/Rumour.md")?.color).toBe("1");
		expect(written.edges.map((edge) => edge.label).sort()).toEqual(["caused_by", "contradicts"]);

		// Another cause appears: the same file is rewritten through the vault.
		const deploy = app.vault.getFileByPath("Memory/Deploy.md");
		if (!deploy) throw new Error("no Deploy.md");
		await app.vault.modify(deploy, '---\ncaused_by: "[[Config]]"\n---\nFriday deploy.');
		await app.vault.create("Memory/Config.md", "Raised the pool size.");
		await app.metadataCache.whenIdle();
		await memory.idle();
		open("Memory/Outage.md");
		await app.commands.run(COMMAND);
		await until(() => app.workspace.getActiveFile()?.path === path);
		const again = JSON.parse(readFileSync(join(dir, path), "utf8")) as { nodes: { file: string }[] };
		expect(again.nodes.map((node) => node.file)).toContain("Memory/Config.md");
		expect(app.vault.getFolderByPath("Memory/Canvases")?.children.map((child) => child.name)).toEqual([
			"Outage chain.canvas",
		]);
	});

	it("refuses a note that is not a memory with a notice, and writes nothing", async () => {
		const { app, dir, memory, open } = setup({ ...NOTES, "Templates/Daily.md": "{{date}}" });
		await memory.engine.index.updateSettings({ ...memory.engine.index.settings, excludedFolders: ["Templates"] });
		await memory.start();
		open("Templates/Daily.md");
		await app.commands.run(COMMAND);
		await until(() => Notice.messages.length > 0);
		expect(Notice.messages.at(-1)).toContain('could not draw the causal chain: "Templates/Daily.md" is not a memory');
		expect(existsSync(join(dir, "Memory/Canvases"))).toBe(false);
	});
});
