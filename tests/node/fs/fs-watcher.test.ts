import { setTimeout } from "node:timers";
import { chmod, mkdir, mkdtemp, realpath, rename, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { VaultEvent } from "../../../src/core/model/vault";
import { writeFileAtomic } from "../../../src/node/fs/atomic-write";
import { FsVault } from "../../../src/node/fs/fs-vault";
import { watchVault } from "../../../src/node/fs/fs-watcher";
import { DEFAULT_CONFIG_DIR as CONFIG_DIR } from "../../fakes/obsidian/vault";

let root: string;
const stops: Array<() => void> = [];

/** Polls until `check` holds; fails after a generous deadline instead of sleeping a fixed time. */
async function until(check: () => boolean, what: string, seen: VaultEvent[] = []): Promise<void> {
	const deadline = Date.now() + 10_000;
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; events: ${JSON.stringify(seen)}`);
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

/** Starts watching and resolves with the received events once the initial scan is done. */
async function startWatching(skipFolder: (path: string) => boolean = () => false): Promise<VaultEvent[]> {
	const events: VaultEvent[] = [];
	let ready = false;
	const errors: Error[] = [];
	stops.push(
		watchVault(root, (event) => events.push(event), {
			skipFolder,
			onError: (error) => errors.push(error),
			onReady: () => (ready = true),
		}),
	);
	await until(() => ready, "the watcher to be ready");
	expect(errors).toEqual([]);
	return events;
}

const has = (events: VaultEvent[], wanted: VaultEvent) => () =>
	events.some((event) => JSON.stringify(event) === JSON.stringify(wanted));

beforeEach(async () => {
	root = await realpath(await mkdtemp(join(tmpdir(), "cm-watch-")));
});

afterEach(async () => {
	for (const stop of stops.splice(0)) stop();
	await rm(root, { recursive: true, force: true });
});

describe("watchVault with real files", () => {
	it("reports create, modify, rename and delete of notes, and nothing for existing files", async () => {
		await writeFile(join(root, "Existing.md"), "old");
		const events = await startWatching();

		await writeFile(join(root, "A.md"), "one");
		await until(has(events, { type: "create", path: "A.md" }), "create");
		await writeFile(join(root, "A.md"), "two, longer");
		await until(has(events, { type: "modify", path: "A.md" }), "modify");
		await rename(join(root, "A.md"), join(root, "B.md"));
		await until(has(events, { type: "rename", path: "B.md", oldPath: "A.md" }), "rename");
		await unlink(join(root, "B.md"));
		await until(has(events, { type: "delete", path: "B.md" }), "delete");

		expect(events).toEqual([
			{ type: "create", path: "A.md" },
			{ type: "modify", path: "A.md" },
			{ type: "rename", path: "B.md", oldPath: "A.md" },
			{ type: "delete", path: "B.md" },
		]);
	});

	it("recognises the move of a file that existed before watching started, and of a whole folder", async () => {
		await mkdir(join(root, "Old"));
		await writeFile(join(root, "Old", "One.md"), "1");
		await writeFile(join(root, "Old", "Two.md"), "22");
		await writeFile(join(root, "Loose.md"), "loose");
		const events = await startWatching();

		await mkdir(join(root, "Sub"));
		await rename(join(root, "Loose.md"), join(root, "Sub", "Loose.md"));
		await rename(join(root, "Old"), join(root, "New"));
		await until(() => events.filter((event) => event.type === "rename").length === 3, "three renames", events);

		expect(events).toEqual(
			expect.arrayContaining([
				{ type: "rename", path: "Sub/Loose.md", oldPath: "Loose.md" },
				{ type: "rename", path: "New/One.md", oldPath: "Old/One.md" },
				{ type: "rename", path: "New/Two.md", oldPath: "Old/Two.md" },
			]),
		);
		expect(events).toHaveLength(3);
	});

	it("reports FsVault's own moves (hard link, then unlink) and trash moves as what they are", async () => {
		await writeFile(join(root, "Note.md"), "note");
		await writeFile(join(root, "Old.md"), "old");
		const events = await startWatching();
		const vault = new FsVault(root);

		await vault.moveNote("Note.md", "Moved/Note.md");
		await until(has(events, { type: "rename", path: "Moved/Note.md", oldPath: "Note.md" }), "rename", events);
		await vault.removeNote("Old.md", { kind: "trash" });
		await until(has(events, { type: "delete", path: "Old.md" }), "delete", events);

		expect(events).toEqual([
			{ type: "rename", path: "Moved/Note.md", oldPath: "Note.md" },
			{ type: "delete", path: "Old.md" },
		]);
	});

	it("does not report the notes FsVault.createNote made (the writer indexes them), but reports their later edits", async () => {
		const vault = new FsVault(root);
		const events: VaultEvent[] = [];
		let live = false;
		stops.push(
			vault.watch(
				(event) => events.push(event),
				() => (live = true),
			),
		);
		await until(() => live, "the watcher to be ready");

		await vault.createNote("Memory/Own.md", "ours");
		await writeFile(join(root, "Theirs.md"), "theirs");
		await until(has(events, { type: "create", path: "Theirs.md" }), "the other program's create", events);
		await writeFile(join(root, "Memory", "Own.md"), "edited by hand");
		await until(has(events, { type: "modify", path: "Memory/Own.md" }), "the edit", events);

		expect(events).toEqual([
			{ type: "create", path: "Theirs.md" },
			{ type: "modify", path: "Memory/Own.md" },
		]);
	});

	it("reports an atomic replace (temp file + rename, as writeFrontmatter does) as one modify", async () => {
		await writeFile(join(root, "Note.md"), "before");
		const events = await startWatching();

		await writeFileAtomic(join(root, "Note.md"), "after, longer");
		await until(has(events, { type: "modify", path: "Note.md" }), "modify");
		await writeFile(join(root, "Sentinel.md"), "s");
		await until(has(events, { type: "create", path: "Sentinel.md" }), "the sentinel");

		expect(events).toEqual([
			{ type: "modify", path: "Note.md" },
			{ type: "create", path: "Sentinel.md" },
		]);
	});

	it("reports the notes of a folder made after watching started, and of a folder deleted, once each", async () => {
		await mkdir(join(root, "Gone"));
		await writeFile(join(root, "Gone", "Old.md"), "old");
		const events = await startWatching();

		await mkdir(join(root, "Fresh", "Deep"), { recursive: true });
		await writeFile(join(root, "Fresh", "Deep", "New.md"), "new");
		await until(has(events, { type: "create", path: "Fresh/Deep/New.md" }), "the create in the new folder", events);
		await writeFile(join(root, "Fresh", "Deep", "Second.md"), "second");
		await until(
			has(events, { type: "create", path: "Fresh/Deep/Second.md" }),
			"a create in the watched new folder",
			events,
		);
		await rm(join(root, "Gone"), { recursive: true });
		await until(has(events, { type: "delete", path: "Gone/Old.md" }), "the delete of the folder's note", events);

		expect(events).toEqual([
			{ type: "create", path: "Fresh/Deep/New.md" },
			{ type: "create", path: "Fresh/Deep/Second.md" },
			{ type: "delete", path: "Gone/Old.md" },
		]);
	});

	it("reports a rewrite of the same size as a modify (the modification time changed)", async () => {
		const events = await startWatching();

		await writeFile(join(root, "Same size.md"), "one two three");
		await until(has(events, { type: "create", path: "Same size.md" }), "the create");
		await new Promise((resolve) => setTimeout(resolve, 20));
		await writeFile(join(root, "Same size.md"), "ONE TWO THREE");
		await until(has(events, { type: "modify", path: "Same size.md" }), "the modify", events);

		expect(events).toEqual([
			{ type: "create", path: "Same size.md" },
			{ type: "modify", path: "Same size.md" },
		]);
	});

	it.skipIf(process.getuid?.() === 0)(
		"reports a subfolder it cannot read as an error, leaves it out and watches the rest",
		async () => {
			await mkdir(join(root, "Locked"));
			await writeFile(join(root, "Locked", "Secret.md"), "s");
			const events: VaultEvent[] = [];
			const errors: Error[] = [];
			let ready = false;
			await chmod(join(root, "Locked"), 0o000);
			try {
				stops.push(
					watchVault(root, (event) => events.push(event), {
						skipFolder: () => false,
						onError: (error) => errors.push(error),
						onReady: () => (ready = true),
					}),
				);
				await until(() => ready, "the watcher to be ready");
				await writeFile(join(root, "Open.md"), "o");
				await until(has(events, { type: "create", path: "Open.md" }), "the create next to it", events);
			} finally {
				await chmod(join(root, "Locked"), 0o755);
			}

			expect(errors.map((error) => (error as NodeJS.ErrnoException).code)).toEqual(["EACCES"]);
			expect(events).toEqual([{ type: "create", path: "Open.md" }]);
		},
	);

	it("ignores hidden and skipped folders and files that are not notes", async () => {
		const events = await startWatching((folder) => folder === "Templates");

		await mkdir(join(root, CONFIG_DIR));
		await mkdir(join(root, "Templates"));
		await writeFile(join(root, CONFIG_DIR, "x.md"), "x");
		await writeFile(join(root, "Templates", "T.md"), "t");
		await writeFile(join(root, ".hidden.md"), "h");
		await writeFile(join(root, "picture.png"), "p");
		await writeFile(join(root, "Sentinel.md"), "s");
		await until(has(events, { type: "create", path: "Sentinel.md" }), "the sentinel");

		expect(events).toEqual([{ type: "create", path: "Sentinel.md" }]);
	});

	it("delivers nothing after it was stopped", async () => {
		const stopped = await startWatching();
		stops[0]();
		const live = await startWatching();

		await writeFile(join(root, "After.md"), "a");
		await until(has(live, { type: "create", path: "After.md" }), "the live watcher's event");

		expect(stopped).toEqual([]);
	});
});
