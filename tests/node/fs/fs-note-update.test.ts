import { mkdtemp, open, readFile, rename, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { updateNote } from "../../../src/node/fs/fs-note-update";

const decode = (bytes: Buffer): string => bytes.toString("utf8");
const addKey = (text: string): string => text.replace("---\n", "---\nmemory_pinned: true\n");

let dir = "";
let note = "";

beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "cm-note-update-"));
	note = join(dir, "X.md");
	await writeFile(note, "---\nmemory_source: mcp\n---\nFirst line.\n");
});

afterEach(async () => {
	await rm(dir, { recursive: true, force: true });
});

describe("updateNote beside an editor that saves by temp file and rename", () => {
	it("waits while the editor's temp file sits beside the note, then edits what the editor saved", async () => {
		// The editor wrote its temp file and was descheduled before its rename.
		const swap = join(dir, "X.md.editor.swp");
		await writeFile(swap, "---\nmemory_source: mcp\n---\nFirst line.\nThe user's new line.\n");
		const update = updateNote(note, addKey, decode);
		await sleep(60);
		await rename(swap, note);

		const written = await update;
		const text = await readFile(note, "utf8");
		expect(text).toBe("---\nmemory_pinned: true\nmemory_source: mcp\n---\nFirst line.\nThe user's new line.\n");
		expect(written?.text).toBe(text);
	});

	it("is not held up by a file named after the note that was left there long ago", async () => {
		const backup = join(dir, "X.md~");
		await writeFile(backup, "an old backup\n");
		const longAgo = new Date(Date.now() - 60_000);
		await utimes(backup, longAgo, longAgo);

		const written = await updateNote(note, addKey, decode);
		expect(written?.text).toBe("---\nmemory_pinned: true\nmemory_source: mcp\n---\nFirst line.\n");
		expect(await readFile(note, "utf8")).toBe(written?.text);
		expect(await readFile(backup, "utf8")).toBe("an old backup\n");
	});
});

describe("updateNote beside an editor that saves in place in two writes", () => {
	it("takes the editor's whole save when its second write lands in the replaced file well after the swap", async () => {
		const saved = "---\nmemory_source: mcp\n---\nFirst line.\nThe user's new line.\n";
		const half = Math.floor(saved.length / 2);
		// The editor truncated the note, wrote the first half, and was descheduled.
		const editor = await open(note, "w");
		await editor.write(saved.slice(0, half));
		const update = updateNote(note, addKey, decode);
		await sleep(80);
		await editor.write(saved.slice(half));
		await editor.close();

		const written = await update;
		const text = await readFile(note, "utf8");
		expect(text).toBe("---\nmemory_pinned: true\nmemory_source: mcp\n---\nFirst line.\nThe user's new line.\n");
		expect(written?.text).toBe(text);
	});
});
