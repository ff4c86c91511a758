import { mkdtemp, open, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { updateNote } from "../../../src/node/fs/fs-note-update";
import { FsVault } from "../../../src/node/fs/fs-vault";

// Writes that land in the file a note write replaced, after its rename: an editor that opened the
// note just before it and was descheduled (issue 29 items 1 and 9). Each test replays one
// interleaving that lost the user's text before.

const NOTE = "---\nmemory_source: mcp\n---\nFirst line.\n";
const decode = (bytes: Buffer): string => bytes.toString("utf8");
const pin = (text: string): string | null =>
	text.includes("memory_pinned") ? null : text.replace("---\n", "---\nmemory_pinned: true\n");

let dir = "";
let note = "";

beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "cm-late-writes-"));
	note = join(dir, "X.md");
	await writeFile(note, NOTE);
});

afterEach(async () => {
	await rm(dir, { recursive: true, force: true });
});

/** Waits until the note's path names another file than `ino` (a rename replaced it); returns the new inode. */
async function replaced(ino: number): Promise<number> {
	for (;;) {
		const now = (await stat(note)).ino;
		if (now !== ino) return now;
		await sleep(1);
	}
}

describe("updateNote and writes into the file it replaced", () => {
	it("keeps two appends that each went into a replaced file, one per swap", async () => {
		const first = await open(note, "a");
		const update = updateNote(note, pin, decode);
		const ours = await replaced((await first.stat()).ino);
		// The editor opened our first file too, before the redo replaced it.
		const second = await open(note, "a");
		await first.write("late one\n");
		await first.close();
		await replaced(ours);
		await second.write("late two\n");
		await second.close();

		const written = await update;
		const text = await readFile(note, "utf8");
		expect(text).toBe("---\nmemory_pinned: true\nmemory_source: mcp\n---\nFirst line.\nlate one\nlate two\n");
		expect(written?.text).toBe(text);
	});

	it("waits while the replaced file is truncated and half written, and takes the whole save", async () => {
		const saved = `${NOTE}The user's new line.\n`;
		const half = Math.floor(saved.length / 2);
		const editor = await open(note, "r+");
		const update = updateNote(note, pin, decode);
		await replaced((await editor.stat()).ino);
		// The editor truncated, wrote half its save and was descheduled for longer than a poll.
		await editor.truncate(0);
		await editor.write(saved.slice(0, half), null, "utf8");
		await sleep(150);
		await editor.write(saved.slice(half), null, "utf8");
		await editor.close();

		await update;
		expect(await readFile(note, "utf8")).toBe(
			"---\nmemory_pinned: true\nmemory_source: mcp\n---\nFirst line.\nThe user's new line.\n",
		);
	});

	it("keeps an append that lands in the replaced file after the write returned, within seconds", async () => {
		const editor = await open(note, "a");
		const vault = new FsVault(dir);
		await vault.writeFrontmatter("X.md", { memory_pinned: true });
		// The editor opened the note before our rename and was descheduled past the watch.
		await sleep(600);
		await editor.write("late line\n");
		await editor.close();

		const expected = "---\nmemory_source: mcp\nmemory_pinned: true\n---\nFirst line.\nlate line\n";
		for (let waited = 0; waited < 2000 && (await readFile(note, "utf8")) !== expected; waited += 20) await sleep(20);
		expect(await readFile(note, "utf8")).toBe(expected);
		// And the next write of the note keeps it too.
		await vault.writeFrontmatter("X.md", { memory_status: "dormant" });
		expect(await readFile(note, "utf8")).toBe(
			"---\nmemory_source: mcp\nmemory_pinned: true\nmemory_status: dormant\n---\nFirst line.\nlate line\n",
		);
	});

	it("keeps an append into the replaced file that the next write of the note finds first", async () => {
		const editor = await open(note, "a");
		const vault = new FsVault(dir);
		await vault.writeFrontmatter("X.md", { memory_pinned: true });
		await sleep(300);
		await editor.write("late line\n");
		await editor.close();
		await vault.writeFrontmatter("X.md", { memory_status: "dormant" });
		expect(await readFile(note, "utf8")).toBe(
			"---\nmemory_source: mcp\nmemory_pinned: true\nmemory_status: dormant\n---\nFirst line.\nlate line\n",
		);
	});

	for (const known of ["written", "loaded"])
		it(`does not publish half a save: a note holding a strict start of what it was ${known} with is waited for`, async () => {
			const vault = new FsVault(dir);
			if (known === "written") await vault.writeFrontmatter("X.md", { memory_pinned: true });
			else {
				await writeFile(note, "---\nmemory_source: mcp\nmemory_pinned: true\n---\nFirst line.\n");
				await vault.load("X.md");
			}
			const saved = `${await readFile(note, "utf8")}The user's new line.\n`;
			const half = Math.floor(saved.length / 2);
			// The editor saves in place: it truncates, writes half, and is descheduled for 150 ms.
			const editor = await open(note, "r+");
			await editor.truncate(0);
			await editor.write(saved.slice(0, half), null, "utf8");
			const update = vault.writeFrontmatter("X.md", { memory_status: "dormant" });
			const seen = new Set<string>();
			// 150 ms of wall time, not 75 polls: under load the polls alone outlast the 2 s after which
			// a note left holding a strict start of its text is taken for the user's deletion.
			for (const start = Date.now(); Date.now() - start < 150;) {
				seen.add(await readFile(note, "utf8"));
				await sleep(2);
			}
			await editor.write(saved.slice(half), null, "utf8");
			await editor.close();
			await update;

			// Readers (the user's own editor among them) never saw our write on half the note.
			expect([...seen].filter((text) => text.includes("memory_status"))).toEqual([]);
			expect(await readFile(note, "utf8")).toBe(
				"---\nmemory_source: mcp\nmemory_pinned: true\nmemory_status: dormant\n---\nFirst line.\nThe user's new line.\n",
			);
		});
});
