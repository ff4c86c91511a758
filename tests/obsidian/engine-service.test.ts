import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout } from "node:timers";
import type { App as ObsidianApp } from "obsidian";
import { afterEach, describe, expect, it } from "vitest";
import type { LoadedNote, VaultFile } from "../../src/core/model/vault";
import { lockFileName } from "../../src/core/activity/writer-lock";
import { KEYWORD_CACHE } from "../../src/engine/recall/keyword-cache";
import { EngineService } from "../../src/obsidian/engine-service";
import { ObsidianVault } from "../../src/obsidian/obsidian-vault";
import type { App } from "../fakes/obsidian";
import { engineOver, RecordingStatus, type TestEngine } from "./engine-harness";
import { fakeApp, removeVaultDirs } from "./fake-app";

const services: EngineService[] = [];

afterEach(async () => {
	await Promise.all(services.splice(0).map((service) => service.stop()));
	await removeVaultDirs();
});

/** An ObsidianVault that runs hooks when it lists or loads notes, to act while an index is being built. */
class HookedVault extends ObsidianVault {
	constructor(
		app: App,
		private readonly hooks: { list?: () => Promise<void>; load?: () => Promise<void> },
	) {
		super(app as unknown as ObsidianApp);
	}

	override async list(): Promise<VaultFile[]> {
		const files = await super.list();
		await this.hooks.list?.();
		return files;
	}

	override async load(path: string): Promise<LoadedNote | null> {
		await this.hooks.load?.();
		return super.load(path);
	}
}

function service(
	over: App | ObsidianVault,
): TestEngine & { status: RecordingStatus; problems: string[]; memory: EngineService } {
	const status = new RecordingStatus();
	const problems: string[] = [];
	const built = engineOver(over);
	const memory = new EngineService(built.engine, status, (message) => problems.push(message));
	services.push(memory);
	return { ...built, status, problems, memory };
}

describe("EngineService", () => {
	it("starts the engine, shows progress and counts, follows changes, and stops everything", async () => {
		const { app } = fakeApp({ "A.md": "[[B]]", "B.md": "" });
		const { memory, status, engine, worker } = service(app);
		expect(memory.maintenance()).toBeNull();
		const report = await memory.start();
		expect(report).toMatchObject({ notes: 2, edges: 1 });
		expect(status.shown).toEqual(["progress 0/0", "progress 1/2", "progress 2/2", "counts 2/1"]);
		expect(memory.maintenance()).toBe(engine.maintenance);

		await app.vault.create("C.md", "[[A]] [[B]]");
		await app.metadataCache.whenIdle();
		await memory.idle();
		expect(status.shown.at(-1)).toBe("counts 3/3");
		expect(
			engine
				.search("", {}, 10)
				.map((hit) => hit.path)
				.sort(),
		).toEqual(["A.md", "B.md", "C.md"]);

		const stopping = memory.stop();
		expect(app.liveEventRefCount()).toBe(0);
		await stopping;
		expect(worker.terminated).toBe(true);
		expect(memory.maintenance()).toBeNull();
	});

	it("rebuilds the index of a started engine from scratch", async () => {
		const { app } = fakeApp({ "A.md": "[[B]]", "B.md": "" });
		const { memory, status } = service(app);
		await memory.start();
		const [first, second] = [memory.rebuild(), memory.rebuild()];
		expect(second).toBe(first);
		expect(await first).toMatchObject({ notes: 2, edges: 1 });
		expect(status.shown.slice(-4)).toEqual(["progress 0/0", "progress 1/2", "progress 2/2", "counts 2/1"]);
	});

	it("applies changes made while the index was being built", async () => {
		const { app } = fakeApp({ "A.md": "" });
		const vault = new HookedVault(app, {
			load: async () => {
				if (!app.vault.getAbstractFileByPath("Late.md")) await app.vault.create("Late.md", "[[A]]");
			},
		});
		const { memory, engine } = service(vault);
		const report = await memory.start();
		expect(report?.notes).toBe(1);
		await app.metadataCache.whenIdle();
		await memory.idle();
		expect(engine.index.graph.outEdges("Late.md").map((edge) => edge.target)).toEqual(["A.md"]);
	});

	it("stops the engine once a start in progress finishes when stopped during the build", async () => {
		let release: (() => void) | null = null;
		const { app } = fakeApp({ "A.md": "" });
		const { memory, worker } = service(
			new HookedVault(app, {
				load: () => (release === null ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()),
			}),
		);
		const building = memory.start();
		while (release === null) await new Promise((resolve) => setTimeout(resolve, 1));
		const stopping = memory.stop();
		(release as () => void)();
		expect(await building).toBeNull();
		await stopping;
		expect(worker.terminated).toBe(true);
		expect(app.liveEventRefCount()).toBe(0);
		expect(memory.maintenance()).toBeNull();
		expect(await memory.rebuild()).toBeNull();
	});

	it("leaves an engine that never started untouched: no cache is written over the saved one", async () => {
		const { app } = fakeApp({ "A.md": "" });
		const { memory, storage, caches } = service(app);
		const earlier = new TextEncoder().encode("saved by an earlier session");
		await caches.write(KEYWORD_CACHE, earlier);
		await memory.stop();
		expect(await memory.start()).toBeNull();
		await memory.whenReady();
		expect([...storage.files.keys()]).toEqual([]);
		expect([...caches.files.keys()]).toEqual([KEYWORD_CACHE]);
		expect(caches.files.get(KEYWORD_CACHE)).toEqual(earlier);
		expect(caches.writes).toBe(1);
	});

	it("gives up quietly when unloaded while waiting for the previous engine of this process to stop", async () => {
		const { app } = fakeApp({ "A.md": "" });
		const lock = { program: "the new instance", pid: process.pid, host: "box", token: "new", isAlive: () => true };
		const { engine, storage } = engineOver(app, { lock });
		const previous = { token: "old", program: "the old instance", pid: process.pid, host: "box" };
		const held = JSON.stringify({ ...previous, startedAt: Date.now(), heartbeatAt: Date.now() });
		await storage.writeAtomic(lockFileName("box"), held);
		const status = new RecordingStatus();
		const problems: string[] = [];
		const memory = new EngineService(engine, status, (message) => problems.push(message));
		const starting = memory.start();
		await new Promise((resolve) => setTimeout(resolve, 300));
		expect(memory.isStarted).toBe(false);
		await memory.stop();
		expect(await starting).toBeNull();
		expect(problems).toEqual([]);
		expect(status.shown).toEqual(["progress 0/0"]);
		expect(storage.files.get(lockFileName("box"))).toBe(held);
	});

	it("shows the memory as read only once another process took the writer lock over (issue 29.11)", async () => {
		const { app, dir } = fakeApp({ "A.md": "[[B]]", "B.md": "" });
		const clock = { now: Date.now() };
		const lock = { program: "Obsidian", pid: 1, host: "box", token: "mine", isAlive: () => true };
		const { engine, storage } = engineOver(app, { lock, clock: () => clock.now });
		const status = new RecordingStatus();
		const memory = new EngineService(engine, status, () => undefined);
		services.push(memory);
		await memory.start();
		clock.now += 126_000;
		const taker = { token: "b", program: "causal-memory serve", pid: 2, host: "box" };
		storage.files.set(lockFileName("box"), JSON.stringify({ ...taker, startedAt: clock.now, heartbeatAt: clock.now }));

		await expect(engine.writer.pinAsUser("A.md", true)).rejects.toThrow(/causal-memory serve \(pid 2 on box\)/);
		expect(status.shown.at(-1)).toMatch(/^read only 2: .*taken over by causal-memory serve \(pid 2 on box\)/);
		expect(await readFile(join(dir, "A.md"), "utf8")).toBe("[[B]]");
	});

	it("shows and reports a failed start instead of throwing, and starts on the next rebuild", async () => {
		const { app } = fakeApp({ "A.md": "" });
		let fail = true;
		const { memory, status, problems } = service(
			new HookedVault(app, { list: () => (fail ? Promise.reject(new Error("disk on fire")) : Promise.resolve()) }),
		);
		expect(await memory.start()).toBeNull();
		await memory.whenReady();
		expect(status.shown.at(-1)).toBe("failure disk on fire");
		expect(problems).toEqual(["Causal Memory could not index the vault: disk on fire"]);
		expect(app.liveEventRefCount()).toBe(0);
		expect(memory.maintenance()).toBeNull();

		fail = false;
		expect((await memory.rebuild())?.notes).toBe(1);
		expect(memory.maintenance()).not.toBeNull();
		expect(status.shown.at(-1)).toBe("counts 1/0");
	});
});
