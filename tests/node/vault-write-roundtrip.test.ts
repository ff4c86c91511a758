import { cp, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMemorySettings, type MemorySettings } from "../../src/core/model/settings";
import { parseNote } from "../../src/core/parse/parse-note";
import { MemoryEngine } from "../../src/engine/memory-engine";
import { FsStorage } from "../../src/node/fs/fs-storage";
import { FsVault } from "../../src/node/fs/fs-vault";
import { NODE_TIMERS } from "../../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../../src/workers/in-thread-host";
import { sharedPath } from "../helpers/shared";

const DAY = 86_400_000;
const corpus = sharedPath("corpora", "kepano-obsidian");

interface Original {
	content: string;
	mtimeMs: number;
}

function withoutMemoryKeys(frontmatter: Record<string, unknown> | undefined): Record<string, unknown> {
	return Object.fromEntries(Object.entries(frontmatter ?? {}).filter(([key]) => !key.startsWith("memory_")));
}

function body(content: string): string {
	return content.slice(parseNote(content).bodyStart);
}

describe.skipIf(!corpus.found)("whole-vault memory_status write pass over a real vault (kepano-obsidian)", () => {
	let dir = "";
	const originals = new Map<string, Original>();
	let now = Date.now();
	let engine: MemoryEngine;
	const settings: MemorySettings = readMemorySettings({
		maintenance: { writeScope: "vault", vaultWritesConfirmed: true, writesPerSecond: 1000 },
	}).settings;

	beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), "cm-kepano-"));
		await cp(corpus.path, join(dir, "vault"), { recursive: true, preserveTimestamps: true });
		const vault = new FsVault(join(dir, "vault"));
		for (const file of await vault.list()) {
			const absolute = join(dir, "vault", file.path);
			originals.set(file.path, { content: await readFile(absolute, "utf8"), mtimeMs: (await stat(absolute)).mtimeMs });
		}
		engine = new MemoryEngine({
			vault,
			storage: new FsStorage(join(dir, "state"), { sync: false }),
			worker: createInThreadMaintenanceWorker(),
			timers: NODE_TIMERS,
			clock: () => now,
			settings: () => settings,
			warn: () => undefined,
		});
		await engine.start({ follow: false });
	});

	afterAll(async () => {
		await engine.stop();
		await rm(dir, { recursive: true, force: true });
	});

	it("changes only memory_* keys, keeps every body byte for byte, gives written notes a new mtime that is not a modification, and a second pass writes nothing", async () => {
		now += 400 * DAY;
		await engine.maintenance.runPass();
		now += DAY;
		const report = await engine.maintenance.runPass();
		await engine.index.build();
		expect(report.writes.failed).toEqual([]);

		let changed = 0;
		for (const [path, original] of originals) {
			const absolute = join(dir, "vault", path);
			const content = await readFile(absolute, "utf8");
			if (content !== original.content) changed++;
			expect(body(content), path).toBe(body(original.content));
			expect(withoutMemoryKeys(parseNote(content).frontmatter), path).toEqual(
				withoutMemoryKeys(parseNote(original.content).frontmatter),
			);
			const mtimeMs = (await stat(absolute)).mtimeMs;
			if (content === original.content) expect(mtimeMs, path).toBe(original.mtimeMs);
			else expect(mtimeMs, `${path}: sync tools must see the write`).toBeGreaterThan(original.mtimeMs);
			const node = engine.index.graph.node(path);
			if (node) expect(engine.maintenance.modifiedOf(path, node), path).toBe(Math.trunc(original.mtimeMs));
			const status = parseNote(content).frontmatter?.memory_status;
			expect(status ?? "active", path).toBe(engine.maintenance.statusOf(path));
		}
		expect(changed).toBeGreaterThan(originals.size / 2);

		const contents = new Map([...originals.keys()].map((path) => [path, ""]));
		for (const path of contents.keys()) contents.set(path, await readFile(join(dir, "vault", path), "utf8"));
		now += DAY;
		const again = await engine.maintenance.runPass();
		expect(again.writes.written).toBe(0);
		for (const [path, content] of contents)
			expect(await readFile(join(dir, "vault", path), "utf8"), path).toBe(content);
	});
});
