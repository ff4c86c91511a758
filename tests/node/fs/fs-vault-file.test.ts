import { chmod, link, mkdtemp, realpath, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FsVault } from "../../../src/node/fs/fs-vault";
import { creationTime } from "../../../src/node/fs/fs-vault-file";

let base: string;

beforeEach(async () => {
	base = await realpath(await mkdtemp(join(tmpdir(), "cm-vault-file-")));
});

afterEach(async () => {
	await rm(base, { recursive: true, force: true });
});

describe("a note's creation time (VaultFile.ctime, headless)", () => {
	it("stays when a chmod, a touch or a new link moves the file's ctime", async () => {
		const note = join(base, "Note.md");
		await writeFile(note, "a note");
		const vault = new FsVault(base);
		const first = await vault.stat("Note.md");
		const ctimeBefore = (await stat(note)).ctimeMs;
		await sleep(30);
		await chmod(note, 0o600);
		const now = new Date();
		await utimes(note, now, now);
		await link(note, join(base, "other-name.txt"));
		expect((await stat(note)).ctimeMs, "the file's ctime moved").toBeGreaterThan(ctimeBefore + 20);
		expect((await vault.stat("Note.md"))?.ctime).toBe(first?.ctime);
		expect((await vault.list()).find((file) => file.path === "Note.md")?.ctime).toBe(first?.ctime);
	});

	it("is no later than a modification time a copy kept from an older original", async () => {
		await writeFile(join(base, "Copied.md"), "copied with its times");
		const old = new Date("2021-06-01T10:00:00Z");
		await utimes(join(base, "Copied.md"), old, old);
		expect((await new FsVault(base).stat("Copied.md"))?.ctime).toBe(old.getTime());
	});

	it("uses the birth time where there is one, else the earlier of ctime and mtime", () => {
		expect(creationTime({ birthtimeMs: 1000, ctimeMs: 5000, mtimeMs: 3000 })).toBe(1000);
		// No birth time (0), or, without statx, the ctime reported in its place: the mtime bounds it.
		expect(creationTime({ birthtimeMs: 0, ctimeMs: 5000, mtimeMs: 3000 })).toBe(3000);
		expect(creationTime({ birthtimeMs: 5000, ctimeMs: 5000, mtimeMs: 3000 })).toBe(3000);
		expect(creationTime({ birthtimeMs: 0, ctimeMs: 5000, mtimeMs: 5000 })).toBe(5000);
	});
});
