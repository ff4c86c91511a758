import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readMemorySettings } from "../../src/core/model/settings";
import { MemoryEngine } from "../../src/engine/memory-engine";
import { FsStorage } from "../../src/node/fs/fs-storage";
import { FsVault } from "../../src/node/fs/fs-vault";
import { NODE_TIMERS } from "../../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../../src/workers/in-thread-host";
import { DEFAULT_CONFIG_DIR as CONFIG_DIR } from "../fakes/obsidian/vault";

const STATE = join(CONFIG_DIR, "plugins", "causal-memory", "state");
const NOTES: Record<string, string> = {
	"Memory/Alpha.md": "# Alpha\n\nThe alpha launch moved to March because of [[Beta]].\n",
	"Memory/Beta.md": "# Beta\n\nBeta testing found a memory leak in the sync engine.\n",
	"Memory/Gamma.md": "# Gamma\n\nGamma rays are unrelated to the launch.\n",
};
const settings = readMemorySettings({}).settings;

function engineOn(vault: string, deviceId: string, now: () => number): MemoryEngine {
	return new MemoryEngine({
		vault: new FsVault(vault),
		storage: new FsStorage(join(vault, STATE), { sync: false }),
		deviceId,
		worker: createInThreadMaintenanceWorker(),
		timers: NODE_TIMERS,
		clock: now,
		settings: () => settings,
		warn: () => undefined,
	});
}

/** A sync tool: every file of one copy's folder lands in the other's (the device files never share a name). */
async function copyFolder(from: string, to: string): Promise<void> {
	for (const name of await readdir(from)) await cp(join(from, name), join(to, name));
}

function observed(engine: MemoryEngine): unknown {
	return {
		recalls: Object.keys(NOTES).map((path) => engine.activity.get(path)?.recalls.count ?? 0),
		statuses: Object.keys(NOTES).map((path) => engine.maintenance.statusOf(path)),
		history: engine.maintenance
			.history()
			.map((e) => ({ device: e.device, seq: e.seq, path: e.path, kind: e.kind, at: e.at })),
	};
}

describe("two devices on one synced vault (issue 16.4)", () => {
	let dir: string;
	let laptop: string;
	let desk: string;
	let clock = 1_750_000_000_000;
	const now = (): number => clock++;

	beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), "cm-two-devices-"));
		laptop = join(dir, "laptop");
		desk = join(dir, "desk");
		for (const [path, text] of Object.entries(NOTES)) {
			await mkdir(join(laptop, path, ".."), { recursive: true });
			await writeFile(join(laptop, path), text);
		}
		await cp(laptop, desk, { recursive: true });
	});

	afterAll(async () => {
		await rm(dir, { recursive: true, force: true });
	});

	it("shows both devices' recalls and pins on both, with the same statuses, after the state folders are synced", async () => {
		const onLaptop = engineOn(laptop, "laptop01", now);
		const onDesk = engineOn(desk, "desk0002", now);
		await Promise.all([onLaptop.start({ follow: true }), onDesk.start({ follow: true })]);
		expect((await onLaptop.recall("alpha launch", { k: 1 })).results[0]?.path).toBe("Memory/Alpha.md");
		await onLaptop.recall("alpha launch", { k: 1 });
		await onLaptop.writer.pin("Memory/Alpha.md");
		expect((await onDesk.recall("beta testing memory leak", { k: 1 })).results[0]?.path).toBe("Memory/Beta.md");
		await onDesk.writer.pin("Memory/Beta.md");
		// Maintenance follows the index: the pin becomes a logged transition to core.
		await vi.waitFor(
			() => {
				const pinned = (engine: MemoryEngine, path: string): boolean =>
					engine.maintenance.history(path).some((e) => e.kind === "transition" && e.to === "core");
				expect(pinned(onLaptop, "Memory/Alpha.md")).toBe(true);
				expect(pinned(onDesk, "Memory/Beta.md")).toBe(true);
			},
			{ timeout: 10_000 },
		);
		await Promise.all([onLaptop.index.idle(), onDesk.index.idle()]);
		await Promise.all([onLaptop.stop(), onDesk.stop()]);
		const recallsOf = (engine: MemoryEngine): number[] =>
			Object.keys(NOTES).map((path) => engine.activity.get(path)?.recalls.count ?? 0);
		const [laptopRecalls, deskRecalls] = [recallsOf(onLaptop), recallsOf(onDesk)];
		expect(laptopRecalls[0]).toBeGreaterThan(0);
		expect(deskRecalls[1]).toBeGreaterThan(0);
		const historyOf = (engine: MemoryEngine) =>
			(observed(engine) as { history: { device: string; seq: number; at: number }[] }).history;
		const union = [...historyOf(onLaptop), ...historyOf(onDesk)].sort(
			(a, b) => a.at - b.at || (a.device < b.device ? -1 : 1) || a.seq - b.seq,
		);
		expect(union.map((e) => e.device)).toEqual(expect.arrayContaining(["laptop01", "desk0002"]));

		// Sync: each copy gets the other's pinned note and its state folder's files.
		await cp(join(laptop, "Memory/Alpha.md"), join(desk, "Memory/Alpha.md"));
		await cp(join(desk, "Memory/Beta.md"), join(laptop, "Memory/Beta.md"));
		await copyFolder(join(laptop, STATE), join(desk, STATE));
		await copyFolder(join(desk, STATE), join(laptop, STATE));

		const again = [engineOn(laptop, "laptop01", now), engineOn(desk, "desk0002", now)];
		await Promise.all(again.map((engine) => engine.start({ follow: false })));
		const [fromLaptop, fromDesk] = again.map(observed);
		expect(fromDesk).toEqual(fromLaptop);
		expect(fromLaptop).toMatchObject({ statuses: ["core", "core", "active"] });
		const { recalls, history } = fromLaptop as { recalls: number[]; history: unknown[] };
		expect(recalls).toEqual(laptopRecalls.map((count, i) => count + deskRecalls[i]));
		expect(history).toEqual(union);
		const files = (await readdir(join(laptop, STATE))).filter((name) => name.startsWith("activity-")).sort();
		expect(files.every((name) => /^activity-(laptop01|desk0002)-\d+\.log$/.test(name))).toBe(true);
		await Promise.all(again.map((engine) => engine.stop()));
	});
});
