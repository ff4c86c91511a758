// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EngineService } from "../../src/obsidian/engine-service";
import { addMaintenanceCommands } from "../../src/obsidian/maintenance-commands";
import { MemoryActions } from "../../src/obsidian/memory-actions";
import { Modal, Notice } from "../fakes/obsidian";
import { engineOver, RecordingStatus } from "./engine-harness";
import { removeVaultDirs } from "./fake-app";
import { pluginUnderTest } from "./plugin-under-test";
import { until } from "./until";

const services: EngineService[] = [];

afterEach(async () => {
	await Promise.all(services.splice(0).map((service) => service.stop()));
	await removeVaultDirs();
});

const ID = "causal-memory";
const DAY = 86_400_000;

function setup(files: Record<string, string>) {
	const { app, plugin, obsidianPlugin, dir } = pluginUnderTest(files);
	const clock = { now: Date.now() };
	const built = engineOver(app, { clock: () => clock.now });
	const memory = new EngineService(built.engine, new RecordingStatus(), () => undefined);
	services.push(memory);
	const actions = new MemoryActions(obsidianPlugin.app, memory, (change) => {
		built.settings.current = change(built.settings.current);
		return Promise.resolve();
	});
	addMaintenanceCommands(obsidianPlugin, actions);
	return { app, plugin, dir, memory, clock, ...built };
}

function button(modal: Modal | undefined, text: string): HTMLButtonElement {
	const found = [...(modal?.contentEl.querySelectorAll("button") ?? [])].find(
		(candidate) => candidate.getText() === text,
	);
	if (!found) throw new Error(`no button "${text}"`);
	return found;
}

describe("maintenance commands", () => {
	it("say the index is still being built before the engine has started", async () => {
		const { app } = setup({ "A.md": "" });
		await app.commands.run(`${ID}:run-maintenance`);
		expect(Notice.messages.at(-1)).toBe("The memory index is still being built; try again in a moment.");
		await app.commands.run(`${ID}:allow-vault-status-writes`);
		expect(Notice.messages.at(-1)).toBe("The memory index is still being built; try again in a moment.");
		expect(Modal.opened).toEqual([]);
		await app.commands.run(`${ID}:undo-latest-status-change`);
		expect(Notice.messages.at(-1)).toBe("There is no memory status change to undo.");
	});

	it("run passes, undo the latest change, preview whole-vault writes, and only after the preview allow them", async () => {
		const { app, memory, settings, dir, clock } = setup({
			"Thoughts.md": "A thought.",
			"Memory/Build day.md": "We built it.",
		});
		await memory.start();
		// Idle orphans fade: two passes a day apart, 40 days on (the hysteresis needs both).
		clock.now += 40 * DAY;
		await app.commands.run(`${ID}:run-maintenance`);
		clock.now += DAY;
		await app.commands.run(`${ID}:run-maintenance`);
		expect(Notice.messages.at(-1)).toBe("Memory maintenance: 2 status changes, 1 notes updated, 0 core proposals.");
		expect(readFileSync(join(dir, "Memory/Build day.md"), "utf8")).toContain("memory_status: dormant");
		expect(readFileSync(join(dir, "Thoughts.md"), "utf8")).toBe("A thought.");

		await app.metadataCache.whenIdle();
		await memory.idle();
		// The confirmation shows what the first whole-vault pass would write; cancel changes nothing.
		await app.commands.run(`${ID}:allow-vault-status-writes`);
		const [modal] = Modal.opened;
		expect(modal?.titleEl.getText()).toBe("Allow memory status writes in the whole vault?");
		expect(modal?.contentEl.querySelector("p")?.getText()).toBe(
			"The first pass would set memory_status on 1 note, 1 of them outside the memory folder.",
		);
		expect([...(modal?.contentEl.querySelectorAll("li") ?? [])].map((li) => li.getText())).toEqual([
			"1 get memory_status: dormant",
			"Thoughts.md: dormant",
		]);
		button(modal, "Cancel").click();
		expect(Modal.opened).toEqual([]);
		expect(settings.current.maintenance.writeScope).toBe("memory-folder");
		expect(readFileSync(join(dir, "Thoughts.md"), "utf8")).toBe("A thought.");

		await app.commands.run(`${ID}:allow-vault-status-writes`);
		const passed = new Promise((resolve) => memory.engine.maintenance.onPassCompleted(resolve));
		button(Modal.opened[0], "Allow and run a pass").click();
		expect(Modal.opened).toEqual([]);
		await passed;
		expect(settings.current.maintenance).toMatchObject({ writeScope: "vault", vaultWritesConfirmed: true });
		await until(() => readFileSync(join(dir, "Thoughts.md"), "utf8").includes("memory_status: dormant"));

		const latest = memory.engine.maintenance.history().at(-1);
		await app.commands.run(`${ID}:undo-latest-status-change`);
		expect(Notice.messages.at(-1)).toBe(`Undone: ${latest?.path}, active → dormant.`);
		expect(memory.engine.maintenance.statusOf(latest?.path ?? "")).toBe("active");
	});
});
