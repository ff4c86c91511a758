import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readMemorySettings, type MemorySettings } from "../../../src/core/model/settings";
import { pluginFolder, saveHeadlessSettings } from "../../../src/node/headless-settings";
import { watchSettingsFile } from "../../../src/node/fs/settings-file-watcher";

// A file event, a read and a zod parse: well under 100 ms when quiet, seconds beside other work.
const SEEN = { timeout: 5000 };

describe("watchSettingsFile", () => {
	let vault: string;
	let settings: MemorySettings;
	let applied: { next: MemorySettings; previous: MemorySettings }[];
	let logged: string[];
	let stop: () => void;

	const dataJson = (): string => join(pluginFolder(vault), "data.json");
	const write = (data: unknown): Promise<void> =>
		writeFile(dataJson(), typeof data === "string" ? data : JSON.stringify(data));

	beforeEach(async () => {
		vault = await mkdtemp(join(tmpdir(), "cm-settings-watch-"));
		await mkdir(pluginFolder(vault), { recursive: true });
		await write({ mcp: { port: 28200 + 1 } });
		settings = readMemorySettings({ mcp: { port: 28201 } }).settings;
		applied = [];
		logged = [];
		stop = watchSettingsFile({
			vaultDir: vault,
			read: settings,
			current: () => settings,
			apply: (next, previous) => {
				applied.push({ next, previous });
				settings = next;
			},
			log: (line) => logged.push(line),
			pollMs: 20,
		});
	});

	afterEach(async () => {
		stop();
		await rm(vault, { recursive: true, force: true });
	});

	it("applies a valid change of the file and says which fields changed", async () => {
		await write({ mcp: { port: 28201 }, index: { excludedFolders: ["Journal"] } });
		await vi.waitFor(() => expect(applied).toHaveLength(1), SEEN);
		expect(settings.index.excludedFolders).toEqual(["Journal"]);
		expect(applied[0]?.previous.index.excludedFolders).toEqual([]);
		expect(logged.join("\n")).toContain("applied index.excludedFolders from");
		// What did not change keeps its objects: the recall graph state is keyed on them.
		expect(settings.recall).toBe(applied[0]?.previous.recall);
		expect(settings.index.edgeKeys).toBe(applied[0]?.previous.index.edgeKeys);
	});

	it("sees a file replaced by a rename (an atomic write, as the plugin's saves and sync tools do)", async () => {
		await saveHeadlessSettings(vault, (saved) => ({ ...saved, maintenance: { passIntervalMinutes: 3 } }));
		await vi.waitFor(() => expect(settings.maintenance.passIntervalMinutes).toBe(3), SEEN);
	});

	it("keeps the settings in effect and names the field and the fix for an invalid value, then applies the fixed file", async () => {
		await write({ mcp: { port: 28201 }, index: { excludedFolders: "Journal" } });
		await vi.waitFor(() => expect(logged).toHaveLength(1), SEEN);
		expect(logged[0]).toMatch(
			/not applied: Invalid index setting "excludedFolders": .*Fix it in the file; the previous settings stay in effect\./,
		);
		expect(applied).toEqual([]);
		await write({ mcp: { port: 28201 }, index: { excludedFolders: ["Journal"] } });
		await vi.waitFor(() => expect(settings.index.excludedFolders).toEqual(["Journal"]), SEEN);
	});

	it("keeps the settings in effect when the file is not JSON or is removed", async () => {
		await write("{ not json");
		await vi.waitFor(() => expect(logged.join("\n")).toContain("is not valid JSON"), SEEN);
		await rm(dataJson());
		await vi.waitFor(() => expect(logged.join("\n")).toContain("was removed"), SEEN);
		expect(applied).toEqual([]);
		expect(settings.mcp.port).toBe(28201);
	});

	it("never undoes a change this process made that the file does not show yet, when another field changes there", async () => {
		settings = {
			...settings,
			scoring: { ...settings.scoring, core: { ...settings.scoring.core, autoCategories: ["decision"] } },
		};
		await write({ mcp: { port: 28201 }, maintenance: { passIntervalMinutes: 4 } });
		await vi.waitFor(() => expect(settings.maintenance.passIntervalMinutes).toBe(4), SEEN);
		expect(settings.scoring.core.autoCategories).toEqual(["decision"]);
	});
});
