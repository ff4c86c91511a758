import { clearTimeout, setTimeout } from "node:timers";
import { afterEach, describe, expect, it } from "vitest";
import { lockFileName, parseLockHolder } from "../../src/core/activity/writer-lock";
import type { MaintenanceRequest } from "../../src/core/maintenance/maintenance-protocol";
import { readMemorySettings } from "../../src/core/model/settings";
import type { Timers } from "../../src/core/model/timers";
import { ActivityStore } from "../../src/engine/activity/activity-store";
import type { LockIdentity } from "../../src/engine/activity/writer-lock";
import { MemoryEngine, type MemoryEngineDeps } from "../../src/engine/memory-engine";
import { KEYWORD_CACHE } from "../../src/engine/recall/keyword-cache";
import { createInThreadMaintenanceWorker } from "../../src/workers/in-thread-host";
import { MemoryCacheStore } from "../fakes/memory-cache-store";
import { MemoryStorage } from "../fakes/memory-storage";
import { MemoryVault } from "../helpers/memory-vault";
import { until } from "../obsidian/until";

const TIMERS: Timers = { setTimeout, clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) };
const NOTES: Record<string, string> = {
	"Walks.md": "The dog barked at the mailman all morning.",
	"Garage.md": "Our new car needs tires before the road trip.",
	"Breakfast.md": "I drink coffee every day at breakfast.",
	"Garden.md": "The garden plan: plant tomatoes along the fence.",
};
const SETTINGS = readMemorySettings(null).settings;

let engines: MemoryEngine[] = [];

afterEach(async () => {
	await Promise.all(engines.map((engine) => engine.stop()));
	engines = [];
});

function engineOver(
	vault: MemoryVault,
	parts: Partial<MemoryEngineDeps> & { storage: MemoryStorage; caches: MemoryCacheStore },
	warnings: string[] = [],
): MemoryEngine {
	const engine = new MemoryEngine({
		vault,
		worker: createInThreadMaintenanceWorker(),
		timers: TIMERS,
		clock: () => Date.now(),
		settings: () => SETTINGS,
		warn: (message) => warnings.push(message),
		...parts,
	});
	engines.push(engine);
	return engine;
}

/** Copies what the caches hold now: what a later launch finds if the app quits at this instant. */
function snapshotOf(caches: MemoryCacheStore): MemoryCacheStore {
	const copy = new MemoryCacheStore();
	for (const [name, bytes] of caches.files) copy.files.set(name, bytes.slice());
	return copy;
}

describe("MemoryEngine caches", () => {
	it("saves the keyword cache in the background once the index settles, and the next start re-indexes no note", async () => {
		const vault = new MemoryVault(NOTES);
		const caches = new MemoryCacheStore();
		const first = engineOver(vault, {
			storage: new MemoryStorage(),
			caches,
			cacheSaveTiming: { quietMs: 20, maxDelayMs: 1_000, minIntervalMs: 0 },
		});
		await first.start({ follow: true });
		await until(() => caches.writesByName.get(KEYWORD_CACHE) === 1);
		vault.now += 60_000;
		vault.write("Later.md", "A note about the mailman's bicycle.");
		await first.index.idle();
		await until(() => caches.writesByName.get(KEYWORD_CACHE) === 2);
		// The app quits here: no stop, no unload; the next launch finds what the background saved.
		const afterQuit = snapshotOf(caches);

		const warnings: string[] = [];
		const second = engineOver(vault, { storage: new MemoryStorage(), caches: afterQuit }, warnings);
		await second.start({ follow: false });
		expect(second.recallService.keywordVersion).toBe(0);
		expect((await second.recall("bicycle", { readOnly: true })).results.map((hit) => hit.path)).toEqual(["Later.md"]);
		expect(warnings).toEqual([]);
	});

	it("saves on saveCaches (the quit event) only what changed, and a corrupt or partial cache is one warning and a rebuild", async () => {
		const vault = new MemoryVault(NOTES);
		const caches = new MemoryCacheStore();
		const first = engineOver(vault, { storage: new MemoryStorage(), caches });
		await first.saveCaches();
		expect(caches.writes).toBe(0);
		await first.start({ follow: true });
		await first.saveCaches();
		await first.saveCaches();
		expect(caches.writesByName.get(KEYWORD_CACHE)).toBe(1);
		const saved = caches.files.get(KEYWORD_CACHE) ?? new Uint8Array();

		for (const [damage, reason] of [
			[saved.subarray(0, saved.length - 100), /^the keyword index cache is corrupt \(.*truncated/],
			[new TextEncoder().encode("garbage"), /^the keyword index cache is corrupt \(no header line\)/],
		] as const) {
			const damaged = new MemoryCacheStore();
			damaged.files.set(KEYWORD_CACHE, damage);
			const warnings: string[] = [];
			const engine = engineOver(vault, { storage: new MemoryStorage(), caches: damaged }, warnings);
			await engine.start({ follow: false });
			expect(engine.recallService.keywordVersion).toBe(Object.keys(NOTES).length);
			expect((await engine.recall("mailman", { readOnly: true })).results.map((hit) => hit.path)).toEqual(["Walks.md"]);
			expect(warnings).toHaveLength(1);
			expect(warnings[0]).toMatch(reason);
			expect(warnings[0]).toMatch(/\(memory caches\); indexing every note again$/);
			expect(warnings[0]).not.toContain("\n");
			await engine.stop();
			expect(damaged.files.get(KEYWORD_CACHE)).toEqual(saved);
		}
	});

	it("removes the keyword cache that older versions kept in the synced state folder", async () => {
		const storage = new MemoryStorage();
		await storage.writeAtomic("keyword-index.json", "an old cache");
		await storage.writeAtomic("lifecycle.json", "{}");
		const engine = engineOver(new MemoryVault(NOTES), { storage, caches: new MemoryCacheStore() });
		await engine.start({ follow: false });
		expect(storage.files.has("keyword-index.json")).toBe(false);
		expect(storage.files.has("lifecycle.json")).toBe(true);
	});

	it("a reload during a maintenance pass: the new engine waits for the old one's stop, and the activity log stays whole", async () => {
		const vault = new MemoryVault(NOTES);
		const storage = new MemoryStorage();
		const caches = new MemoryCacheStore();
		const identity = (token: string): LockIdentity => ({
			program: `instance ${token}`,
			pid: process.pid,
			host: "box",
			token,
			isAlive: () => true,
		});
		let openGate: () => void = () => undefined;
		const gate = new Promise<void>((resolve) => (openGate = resolve));
		const inThread = createInThreadMaintenanceWorker();
		const slowWorker = {
			run: async (request: MaintenanceRequest) => {
				await gate;
				return inThread.run(request);
			},
			terminate: () => inThread.terminate(),
		};
		const old = engineOver(vault, { storage, caches, lock: identity("old"), worker: slowWorker });
		await old.start({ follow: true });
		await old.recall("mailman");
		const pass = old.maintenance.runPass();

		const events: string[] = [];
		const stopping = old.stop().then(() => events.push("old stopped"));
		const fresh = engineOver(vault, { storage, caches, lock: identity("new") });
		const starting = fresh.start({ follow: true }).then(() => events.push("new started"));
		await new Promise((resolve) => setTimeout(resolve, 400));
		expect(events).toEqual([]);
		expect(parseLockHolder(storage.files.get(lockFileName("box")) ?? null)?.token).toBe("old");

		openGate();
		await Promise.all([pass, stopping, starting]);
		expect(events).toEqual(["old stopped", "new started"]);
		expect(parseLockHolder(storage.files.get(lockFileName("box")) ?? null)?.token).toBe("new");
		expect(fresh.recallService.keywordVersion).toBe(0);
		await fresh.recall("mailman");
		await fresh.stop();

		const log = await ActivityStore.open(storage);
		expect(log.warnings).toEqual([]);
		expect(log.get("Walks.md")?.recalls.count).toBe(2);
		await log.close();
	});
});
