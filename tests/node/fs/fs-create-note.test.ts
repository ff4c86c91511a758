import { promises, readdirSync } from "node:fs";
import { link, mkdir, mkdtemp, readFile, readdir, realpath, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TEMP_FILE } from "../../../src/node/fs/atomic-write";
import { FsVault } from "../../../src/node/fs/fs-vault";

let base: string;
let root: string;

beforeEach(async () => {
	base = await realpath(await mkdtemp(join(tmpdir(), "cm-create-")));
	root = join(base, "vault");
	await mkdir(join(root, "Memory"), { recursive: true });
});

afterEach(async () => {
	vi.restoreAllMocks();
	await rm(base, { recursive: true, force: true });
});

/**
 * A thread that stats `paths` over and over while they are being created and records every size
 * it saw under `full` (the note empty or partly written) until it is told to stop.
 */
async function watchSizes(paths: string[], full: number): Promise<{ stop: () => Promise<number[]> }> {
	const stopFlag = new Int32Array(new SharedArrayBuffer(4));
	const worker = new Worker(
		`const { workerData, parentPort } = require("node:worker_threads");
		const { statSync } = require("node:fs");
		const { paths, full, stop } = workerData;
		const seen = [];
		parentPort.postMessage("ready");
		while (Atomics.load(stop, 0) === 0) {
			for (const path of paths) {
				const stats = statSync(path, { throwIfNoEntry: false });
				if (stats && stats.size < full) seen.push(stats.size);
			}
		}
		parentPort.postMessage(seen);`,
		{ eval: true, workerData: { paths, full, stop: stopFlag } },
	);
	await new Promise((resolve, reject) => {
		worker.once("message", resolve);
		worker.once("error", reject);
	});
	const seen = new Promise<number[]>((resolve, reject) => {
		worker.once("message", resolve);
		worker.once("error", reject);
	});
	return {
		stop: async () => {
			Atomics.store(stopFlag, 0, 1);
			const sizes = await seen;
			await worker.terminate();
			return sizes;
		},
	};
}

describe("FsVault.createNote writes a note whole or not at all", () => {
	it("never lets a reader see a note it is creating empty or partly written", async () => {
		const content = `---\nmemory_source: mcp\n---\n${"A fact worth keeping. ".repeat(20_000)}`;
		const full = Buffer.byteLength(content);
		const paths = Array.from({ length: 30 }, (_, i) => `Memory/Fact ${i}.md`);
		const watcher = await watchSizes(
			paths.map((path) => join(root, path)),
			full,
		);
		const vault = new FsVault(root);
		for (const path of paths) await vault.createNote(path, content);
		const partial = await watcher.stop();
		expect(partial, "sizes under the full note a reader saw at a note's path").toEqual([]);
		for (const path of paths) expect((await stat(join(root, path))).size).toBe(full);
		expect(readdirSync(join(root, "Memory")).filter((name) => !name.endsWith(".md"))).toEqual([]);
	});

	it("leaves nothing at the path, and no temp file, when the temp file's fsync fails", async () => {
		const handle = await promises.open(join(base, "probe"), "w");
		const prototype = Object.getPrototypeOf(handle) as { sync: () => Promise<void> };
		await handle.close();
		vi.spyOn(prototype, "sync").mockRejectedValue(new Error("EIO: i/o error, fsync"));
		let placed = false;
		await expect(
			new FsVault(root).createNote("Memory/A.md", "hello", async () => {
				placed = true;
			}),
		).rejects.toThrow('Cannot create note "Memory/A.md": EIO: i/o error, fsync');
		expect(placed).toBe(false);
		expect(await readdir(join(root, "Memory"))).toEqual([]);
	});

	it("on a file system without hard links, renames the temp file into place and still never replaces a note", async () => {
		vi.spyOn(promises, "link").mockRejectedValue(Object.assign(new Error("EPERM: not permitted"), { code: "EPERM" }));
		const vault = new FsVault(root);
		await vault.createNote("Memory/A.md", "hello");
		expect(await readFile(join(root, "Memory/A.md"), "utf8")).toBe("hello");
		await expect(vault.createNote("Memory/A.md", "other")).rejects.toThrow(
			'Cannot create note "Memory/A.md": a file already exists at that path.',
		);
		expect(await readFile(join(root, "Memory/A.md"), "utf8")).toBe("hello");
		expect(await readdir(join(root, "Memory"))).toEqual(["A.md"]);
	});
});

describe("FsVault.removeStaleTempFiles (at start)", () => {
	it("removes the temp files a killed create left, before or after it linked the note, and keeps every note", async () => {
		const note = join(root, "Memory/Kept.md");
		await writeFile(note, "---\nmemory_source: mcp\n---\nKept");
		// Killed between the link and the unlink: the temp name is a second name of the note.
		await link(note, join(root, "Memory/.Kept.md.0123456789ab.tmp"));
		// Killed before the link: only the temp file, with part of the content.
		await writeFile(join(root, "Memory/.Lost.md.ba9876543210.tmp"), "---\nmemory_sou");
		// The user's own empty note and files that only look alike stay.
		await writeFile(join(root, "Memory/Empty.md"), "");
		await writeFile(join(root, "Memory/.Kept.md.swp"), "editor");
		await writeFile(join(root, "Memory/notes.tmp"), "theirs");

		expect(await new FsVault(root).removeStaleTempFiles()).toBe(2);

		expect((await readdir(join(root, "Memory"))).sort()).toEqual([".Kept.md.swp", "Empty.md", "Kept.md", "notes.tmp"]);
		expect(await readFile(note, "utf8")).toBe("---\nmemory_source: mcp\n---\nKept");
		expect((await stat(note)).nlink).toBe(1);
		expect(TEMP_FILE.test(".Kept.md.0123456789ab.tmp")).toBe(true);
	});
});
