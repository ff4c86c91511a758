import { spawnSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMemorySettings } from "../../src/core/model/settings";
import { MemoryEngine } from "../../src/engine/memory-engine";
import { FsStorage } from "../../src/node/fs/fs-storage";
import { FsVault } from "../../src/node/fs/fs-vault";
import { NODE_TIMERS } from "../../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../../src/workers/in-thread-host";
import { sharedPath } from "../helpers/shared";

const DAY = 86_400_000;
const corpus = sharedPath("corpora", "kepano-obsidian");
const rsync = spawnSync("rsync", ["--version"]).status === 0;
if (!rsync && corpus.found)
	console.warn("status-writes-sync.test.ts skipped: rsync is not installed (apt-get install rsync)");

describe.skipIf(!corpus.found || !rsync)("status writes seen by sync tools, not counted as uses (issue 16.3)", () => {
	let dir = "";
	let now = Date.now();
	const settings = readMemorySettings({
		maintenance: { writeScope: "vault", vaultWritesConfirmed: true, writesPerSecond: 1000 },
	}).settings;

	const engineOver = (vault: string) =>
		new MemoryEngine({
			vault: new FsVault(vault),
			storage: new FsStorage(join(dir, "state"), { sync: false }),
			worker: createInThreadMaintenanceWorker(),
			timers: NODE_TIMERS,
			clock: () => now,
			settings: () => settings,
			warn: () => undefined,
		});

	beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), "cm-rsync-"));
		await cp(corpus.path, join(dir, "changed"), { recursive: true, preserveTimestamps: true });
		await cp(corpus.path, join(dir, "unchanged"), { recursive: true, preserveTimestamps: true });
	});

	afterAll(async () => {
		await rm(dir, { recursive: true, force: true });
	});

	it("rsync's quick check lists every note maintenance wrote, and the writes neither count as uses nor loop", async () => {
		const engine = engineOver(join(dir, "changed"));
		await engine.start({ follow: false });
		const notes = await new FsVault(join(dir, "changed")).list();
		// Aging the vault: passes over 400 days move notes down through fading to pruned (same-length rewrites included).
		for (const days of [200, 1, 200, 1]) {
			now += days * DAY;
			await engine.maintenance.runPass();
		}
		const written: string[] = [];
		for (const note of notes) {
			const [a, b] = await Promise.all([
				readFile(join(dir, "changed", note.path), "utf8"),
				readFile(join(dir, "unchanged", note.path), "utf8"),
			]);
			if (a !== b) written.push(note.path);
		}
		expect(written.length).toBeGreaterThan(notes.length / 2);

		const listed = spawnSync(
			"rsync",
			["-a", "--dry-run", "--itemize-changes", `${join(dir, "changed")}/`, `${join(dir, "unchanged")}/`],
			{ encoding: "utf8" },
		);
		expect(listed.status, listed.stderr).toBe(0);
		const itemized = new Set(
			listed.stdout
				.split("\n")
				.filter((line) => line.startsWith(">f"))
				.map((line) => line.slice(line.indexOf(" ") + 1)),
		);
		expect(
			written.filter((path) => !itemized.has(path)),
			"status writes rsync would miss",
		).toEqual([]);

		// Our own writes are not edits: no edit is logged, and the next passes (also after a restart) change and write nothing.
		for (const path of written) expect(engine.activity.get(path)?.lastEdited ?? null, path).toBeNull();
		now += DAY;
		const again = await engine.maintenance.runPass();
		expect({ changes: again.changes.length, written: again.writes.written }).toEqual({ changes: 0, written: 0 });
		await engine.stop();

		const restarted = engineOver(join(dir, "changed"));
		await restarted.start({ follow: false });
		now += DAY;
		const afterRestart = await restarted.maintenance.runPass();
		expect(afterRestart.changes.filter((change) => change.to === "active")).toEqual([]);
		expect(afterRestart.writes.written).toBe(afterRestart.changes.length);
		await restarted.stop();
	}, 120_000);
});
