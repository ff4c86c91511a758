import { afterEach, describe, expect, it, vi } from "vitest";
import { readMemorySettings, type MemorySettings } from "../../src/core/model/settings";
import type { MemoryEngine } from "../../src/engine/memory-engine";
import type { Timers } from "../../src/core/model/timers";
import { NODE_TIMERS } from "../../src/node/node-timers";
import { GatedVault } from "../helpers/gated-vault";
import { inMemoryEngine } from "../helpers/in-memory-engine";
import { MemoryVault } from "../helpers/memory-vault";

const SECRET = "Journal/Secret.md";
const PLAN = "Notes/Plan.md";

function vaultFiles(): Record<string, string> {
	return {
		[SECRET]: "The lighthouse keeper's diary: I hid the key under the blue stone.",
		[PLAN]: "Plan: repaint the lighthouse in spring. See [[Secret]] and [[Parent]].",
		"Notes/Parent.md": "The parent note about the harbour.",
		"Notes/Child.md": '---\nup: "[[Parent]]"\n---\nA child note about the harbour lighthouse.',
	};
}

let engines: MemoryEngine[] = [];
afterEach(async () => {
	await Promise.all(engines.map((engine) => engine.stop()));
	engines = [];
});

/** An engine over `vault` whose settings the test changes with `change` (then calls applySettings, as hosts do). */
/** Node's timers, except that timers of a second or more wait for the test to fire them. */
class HeldLongTimers implements Timers {
	private nextId = 1;
	readonly held = new Map<number, { ms: number; callback: () => void }>();
	afterPending(callback: () => void): void {
		NODE_TIMERS.afterPending?.(callback);
	}

	setTimeout(callback: () => void, ms: number): unknown {
		if (ms < 1000) return NODE_TIMERS.setTimeout(callback, ms);
		const id = this.nextId++;
		this.held.set(id, { ms, callback });
		return id;
	}

	clearTimeout(handle: unknown): void {
		if (typeof handle === "number") this.held.delete(handle);
		else NODE_TIMERS.clearTimeout(handle);
	}

	delays(): number[] {
		return [...this.held.values()].map((timer) => timer.ms).sort((a, b) => a - b);
	}

	fire(ms: number): void {
		for (const [id, timer] of this.held)
			if (timer.ms === ms) {
				this.held.delete(id);
				timer.callback();
			}
	}
}

async function started(
	vault: MemoryVault | GatedVault,
	timers: Timers = NODE_TIMERS,
): Promise<{
	engine: MemoryEngine;
	change: (edit: (settings: MemorySettings) => MemorySettings) => void;
}> {
	let settings = readMemorySettings(null).settings;
	const engine = inMemoryEngine(vault, { timers, settings: () => settings });
	engines.push(engine);
	await engine.start({ follow: true });
	return { engine, change: (edit) => (settings = edit(settings)) };
}

function excluding(folders: string[]): (settings: MemorySettings) => MemorySettings {
	return (settings) => ({ ...settings, index: { ...settings.index, excludedFolders: folders } });
}

async function recalled(engine: MemoryEngine, query: string, include?: (path: string) => boolean): Promise<string[]> {
	return (await engine.recall(query, { readOnly: true, include })).results.map((hit) => hit.path);
}

describe("settings applied to a running engine", () => {
	it("a newly excluded folder is unreadable from the call on, then gone from the graph, recall and search; including it again brings it back with its history", async () => {
		const vault = new MemoryVault(vaultFiles());
		const { engine, change } = await started(vault);
		await engine.recall("lighthouse key blue stone");
		const history = engine.activity.get(SECRET)?.lastRecalled;
		expect(history).toBeGreaterThan(0);
		expect(engine.permissions.canRead(SECRET)).toBe(true);
		const canRead = (path: string): boolean => engine.permissions.canRead(path);
		expect(await recalled(engine, "lighthouse key blue stone", canRead)).toContain(SECRET);

		change(excluding(["Journal"]));
		const applied = engine.applySettings();
		expect(engine.permissions.canRead(SECRET)).toBe(false);
		expect(() => engine.permissions.assertReadable(SECRET, "id")).toThrow(/excluded folder.*"Journal"/);
		expect(await recalled(engine, "lighthouse key blue stone", canRead)).not.toContain(SECRET);
		await applied;

		expect(engine.index.graph.hasNote(SECRET)).toBe(false);
		expect(engine.index.graph.outsideNotePaths()).toContain(SECRET);
		// The link to it still resolves to it (as in Obsidian), so it dangles nowhere.
		expect(engine.index.graph.dangling().map((link) => link.linkpath)).not.toContain("Secret");
		expect(engine.recallService.keyword.has(SECRET)).toBe(false);
		expect(await recalled(engine, "lighthouse key blue stone")).not.toContain(SECRET);
		expect(engine.search("blue stone", {}, 10).map((hit) => hit.path)).toEqual([]);
		expect(engine.permissions.canRead(PLAN)).toBe(true);

		change(excluding([]));
		await engine.applySettings();
		expect(engine.index.graph.hasNote(SECRET)).toBe(true);
		expect(engine.permissions.canRead(SECRET)).toBe(true);
		expect(engine.search("blue stone", {}, 10).map((hit) => hit.path)).toEqual([SECRET]);
		expect(engine.activity.get(SECRET)?.lastRecalled).toBe(history);
	});

	it("a lower note size limit drops the larger notes with a warning; a higher one reads them again", async () => {
		const vault = new MemoryVault(vaultFiles());
		const { engine, change } = await started(vault);
		const size = (vault.content(SECRET) ?? "").length;
		change((settings) => ({ ...settings, index: { ...settings.index, maxNoteBytes: size - 1 } }));
		await engine.applySettings();
		expect(engine.index.graph.hasNote(SECRET)).toBe(false);
		expect(engine.index.warningOf(SECRET)).toMatchObject({ skipped: true });
		expect(engine.index.warningOf(SECRET)?.message).toContain("note size limit");

		change((settings) => ({ ...settings, index: { ...settings.index, maxNoteBytes: 1024 } }));
		await engine.applySettings();
		expect(engine.index.graph.hasNote(SECRET)).toBe(true);
		expect(engine.index.warningOf(SECRET)).toBeUndefined();
	});

	it("changed edge keys re-read every note: a property becomes the edge type it now names", async () => {
		const { engine, change } = await started(new MemoryVault(vaultFiles()));
		const upEdge = (): string | undefined =>
			engine.index.graph.outEdges("Notes/Child.md").find((edge) => edge.target === "Notes/Parent.md")?.type;
		expect(upEdge()).toBe("related_to");
		change((settings) => ({
			...settings,
			index: { ...settings.index, edgeKeys: { ...settings.index.edgeKeys, up: "derived_from" } },
		}));
		await engine.applySettings();
		expect(upEdge()).toBe("derived_from");
	});

	it("changed keyword settings re-index every note with them", async () => {
		const { engine, change } = await started(new MemoryVault(vaultFiles()));
		expect(engine.search("harbour", {}, 10).map((hit) => hit.path)).toHaveLength(2);
		change((settings) => ({
			...settings,
			keyword: { ...settings.keyword, stopWords: [...settings.keyword.stopWords, "harbour"] },
		}));
		await engine.applySettings();
		expect(engine.recallService.keyword.settings.stopWords).toContain("harbour");
		expect(engine.search("harbour", {}, 10)).toEqual([]);
		expect(engine.search("lighthouse", {}, 10).map((hit) => hit.path)).toHaveLength(3);
	});

	it("a new pass interval re-arms the schedule; scoring changes re-score once, shortly after the last", async () => {
		const timers = new HeldLongTimers();
		const { engine, change } = await started(new MemoryVault(vaultFiles()), timers);
		expect(timers.delays()).toEqual([10 * 60_000]);
		change((settings) => ({ ...settings, maintenance: { ...settings.maintenance, passIntervalMinutes: 2 } }));
		await engine.applySettings();
		expect(timers.delays()).toEqual([2 * 60_000]);

		expect(engine.maintenance.lastPassAt()).toBeNull();
		for (const days of [30, 31, 32]) {
			change((settings) => ({
				...settings,
				scoring: { ...settings.scoring, relevance: { ...settings.scoring.relevance, halfLifeDays: days } },
			}));
			await engine.applySettings();
		}
		expect(timers.delays()).toEqual([1500, 2 * 60_000]);
		timers.fire(1500);
		await vi.waitFor(() => expect(engine.maintenance.lastPassAt()).not.toBeNull());
		expect(timers.delays()).toEqual([2 * 60_000]);
	});

	it("a folder excluded while a rebuild reads the vault (listed with the old settings) stays unreadable, and is out of the graph once both are done", async () => {
		let holding = false;
		const vault = new GatedVault(new MemoryVault(vaultFiles()), (path) => holding && path === PLAN);
		const { engine, change } = await started(vault);
		holding = true;
		const rebuilt = engine.rebuild();
		while (vault.heldReads < 1) await new Promise((resolve) => setImmediate(resolve));
		change(excluding(["Journal"]));
		const applied = engine.applySettings();
		try {
			expect(engine.permissions.canRead(SECRET)).toBe(false);
		} finally {
			vault.release();
		}
		await rebuilt;
		// The rebuild listed the vault before the change and put the note back; it is still refused.
		expect(engine.permissions.canRead(SECRET)).toBe(false);
		await applied;
		expect(engine.index.graph.hasNote(SECRET)).toBe(false);
		expect(engine.search("blue stone", {}, 10)).toEqual([]);
		expect(engine.permissions.canRead(PLAN)).toBe(true);
	});

	it("a note deleted before its event arrives, during an exclusion, is recorded as deleted, not as excluded", async () => {
		const vault = new MemoryVault(vaultFiles());
		const { engine, change } = await started(vault);
		await engine.recall("repaint the lighthouse in spring");
		expect(engine.activity.get(PLAN)?.lastRecalled).toBeGreaterThan(0);
		// The file goes without an event (a watcher that has not reported it yet).
		(vault as unknown as { files: Map<string, unknown> }).files.delete(PLAN);
		change(excluding(["Journal"]));
		await engine.applySettings();
		await engine.maintenance.settled();
		expect(engine.index.graph.hasNote(PLAN)).toBe(false);
		expect(engine.activity.get(PLAN)?.deletedAt).not.toBeNull();
		expect(engine.activity.paths()).not.toContain(PLAN);
	});

	it("keyword settings changed during the first index apply once it is done", async () => {
		const vault = new GatedVault(new MemoryVault(vaultFiles()), (path) => path === PLAN);
		let settings = readMemorySettings(null).settings;
		const engine = inMemoryEngine(vault, { settings: () => settings });
		engines.push(engine);
		const started = engine.start({ follow: true });
		while (vault.heldReads < 1) await new Promise((resolve) => setImmediate(resolve));
		settings = { ...settings, keyword: { ...settings.keyword, stopWords: ["harbour"] } };
		const applied = engine.applySettings();
		vault.release();
		await started;
		await applied;
		expect(engine.recallService.keyword.settings.stopWords).toEqual(["harbour"]);
		expect(engine.search("harbour", {}, 10)).toEqual([]);
		expect(engine.search("lighthouse", {}, 10)).toHaveLength(3);
	});

	it("keyword settings changed during a first index whose start then fails apply without waiting for a build that never comes", async () => {
		const vault = new GatedVault(new MemoryVault(vaultFiles()), (path) => path === PLAN);
		let settings = readMemorySettings(null).settings;
		const engine = inMemoryEngine(vault, { settings: () => settings });
		engines.push(engine);
		vi.spyOn(engine.recallService, "settleAfterBuild").mockRejectedValue(new Error("settle failed"));
		const started = engine.start({ follow: true });
		while (vault.heldReads < 1) await new Promise((resolve) => setImmediate(resolve));
		settings = { ...settings, keyword: { ...settings.keyword, stopWords: ["harbour"] } };
		const applied = engine.applySettings();
		vault.release();
		await expect(started).rejects.toThrow("settle failed");
		await expect(applied).resolves.toBeUndefined();
	});
});
