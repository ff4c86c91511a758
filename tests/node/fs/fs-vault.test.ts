import {
	chmod,
	lstat,
	mkdir,
	mkdtemp,
	open,
	readFile,
	readdir,
	realpath,
	rm,
	stat,
	symlink,
	utimes,
	writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setImmediate, setTimeout } from "node:timers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FsVault } from "../../../src/node/fs/fs-vault";
import { DEFAULT_CONFIG_DIR as CONFIG_DIR } from "../../fakes/obsidian/vault";

let base: string;
let root: string;

async function put(path: string, content: string | Uint8Array): Promise<void> {
	await mkdir(dirname(join(root, path)), { recursive: true });
	await writeFile(join(root, path), content);
}

const text = (path: string) => readFile(join(root, path), "utf8");
const OLD = new Date("2020-01-02T03:04:05Z");

beforeEach(async () => {
	base = await realpath(await mkdtemp(join(tmpdir(), "cm-vault-")));
	root = join(base, "vault");
	await mkdir(root);
});

afterEach(async () => {
	await rm(base, { recursive: true, force: true });
});

describe("FsVault.list", () => {
	it("lists markdown notes with their stats, skipping hidden, tool and excluded folders", async () => {
		await put("Top.md", "12345");
		await put("Projects/Plan.md", "x");
		await put("Projects/Deep/Step.md", "y");
		for (const skipped of [
			`${CONFIG_DIR}/x.md`,
			".trash/old.md",
			".git/x.md",
			"node_modules/p/README.md",
			"Templates/T.md",
			"Projects/Private/p.md",
			".hidden.md",
			"image.png",
			"notes.txt",
		]) {
			await put(skipped, "z");
		}
		await symlink(join(root, "Top.md"), join(root, "Link.md"));
		await utimes(join(root, "Top.md"), OLD, OLD);

		const files = await new FsVault(root, { excludedFolders: ["Templates", "Projects/Private/"] }).list();

		expect(files.map((file) => file.path)).toEqual(["Projects/Deep/Step.md", "Projects/Plan.md", "Top.md"]);
		expect(files[2]).toMatchObject({ path: "Top.md", size: 5, mtime: OLD.getTime() });
	});

	it("lists notes in the order their paths sort, folders named like notes included", async () => {
		const paths = ["a.md", "a/b.md", "a b.md", "a-c/d.md", "a/a/z.md", "A.md", "ab.md", "a/a.md", "é.md", "z/a.md"];
		for (const path of paths) await put(path, "x");
		const listed = (await new FsVault(root).list()).map((file) => file.path);
		expect(listed).toEqual(paths.slice().sort());
	});

	it("fails clearly when the vault folder does not exist", async () => {
		await expect(new FsVault(join(base, "nope")).list()).rejects.toThrow(
			`Cannot list the notes of the vault folder "${join(base, "nope")}": it does not exist (ENOENT).`,
		);
	});

	it("rejects an excluded folder outside the vault", () => {
		expect(() => new FsVault(root, { excludedFolders: ["../elsewhere"] })).toThrow(
			'excludedFolders[0] "../elsewhere" must be a vault-relative path inside the vault',
		);
	});
});

describe("FsVault reading", () => {
	it("stats, reads and loads a note; missing notes give null", async () => {
		await put("A.md", "---\nmemory_status: dormant\n---\nSee [[B]].\n");
		const vault = new FsVault(root);
		expect(await vault.stat("A.md")).toMatchObject({ path: "A.md", size: 42 });
		expect(await vault.read("A.md")).toBe("---\nmemory_status: dormant\n---\nSee [[B]].\n");
		const note = await vault.load("A.md");
		expect(note?.parsed.frontmatter).toEqual({ memory_status: "dormant" });
		expect(note?.parsed.links.map((link) => link.link)).toEqual(["B"]);
		expect(await vault.stat("Missing.md")).toBeNull();
		expect(await vault.load("Missing/Deep.md")).toBeNull();
		await expect(vault.read("Missing.md")).rejects.toThrow(
			'Cannot read note "Missing.md": it does not exist (ENOENT).',
		);
	});

	it("loads a binary note with replacement characters and a 20 MB note in full", async () => {
		await put("Binary.md", Uint8Array.from([0x23, 0x20, 0xff, 0xfe, 0x00, 0xc3, 0x28, 0x0a]));
		const bigText = `# Big\n${"lorem ipsum dolor sit amet\n".repeat(800_000)}[[End]]\n`;
		await put("Big.md", bigText);
		const vault = new FsVault(root);

		expect((await vault.list()).map((file) => file.path)).toEqual(["Big.md", "Binary.md"]);
		expect((await vault.load("Binary.md"))?.content).toBe("# \uFFFD\uFFFD\0\uFFFD(\n");
		const big = await vault.load("Big.md");
		expect(big?.file.size).toBe(bigText.length);
		expect(big?.content).toBe(bigText);
		expect(big?.parsed.links.map((link) => link.link)).toEqual(["End"]);
	}, 60_000);

	it("names the note when it cannot be read", async () => {
		await mkdir(join(root, "Folder.md"));
		await expect(new FsVault(root).read("Folder.md")).rejects.toThrow(
			'Cannot read note "Folder.md": it is a folder (EISDIR).',
		);
	});

	it.skipIf(process.getuid?.() === 0)(
		"throws a clear error for an unreadable note and still lists the rest",
		async () => {
			await put("Locked.md", "secret");
			await put("Open.md", "fine");
			await chmod(join(root, "Locked.md"), 0o000);
			const vault = new FsVault(root);
			expect((await vault.list()).map((file) => file.path)).toEqual(["Locked.md", "Open.md"]);
			await expect(vault.load("Locked.md")).rejects.toThrow(
				'Cannot read note "Locked.md": permission denied (EACCES).',
			);
		},
	);
});

describe("FsVault.writeFrontmatter", () => {
	it("edits only the frontmatter, keeps the body and the mode, and gives the file a new mtime", async () => {
		const body = "Body with trailing spaces   \r\nand no final newline";
		await put("A.md", `---\ntitle: "A"  # keep\n---\r\n${body}`);
		await chmod(join(root, "A.md"), 0o640);
		await utimes(join(root, "A.md"), OLD, OLD);

		await new FsVault(root).writeFrontmatter("A.md", { memory_status: "dormant" });

		expect(await text("A.md")).toBe(`---\ntitle: "A"  # keep\nmemory_status: dormant\n---\r\n${body}`);
		const stats = await stat(join(root, "A.md"));
		expect(stats.mtime.getTime()).toBeGreaterThan(OLD.getTime());
		expect(stats.mode & 0o777).toBe(0o640);
		expect(await readdir(root)).toEqual(["A.md"]);
	});

	it("adds a frontmatter block to a note without one", async () => {
		await put("A.md", "text");
		await utimes(join(root, "A.md"), OLD, OLD);
		await new FsVault(root).writeFrontmatter("A.md", { memory_pinned: true });
		expect(await text("A.md")).toBe("---\nmemory_pinned: true\n---\ntext");
		expect((await stat(join(root, "A.md"))).mtime.getTime()).toBeGreaterThan(OLD.getTime());
	});

	it("does not touch the file when the patch changes nothing", async () => {
		await put("A.md", "---\nmemory_status: dormant\n---\n");
		await utimes(join(root, "A.md"), OLD, OLD);
		const before = await stat(join(root, "A.md"));
		await new FsVault(root).writeFrontmatter("A.md", { memory_status: "dormant", memory_pinned: undefined });
		const after = await stat(join(root, "A.md"));
		expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
	});

	it("refuses invalid YAML and non-UTF-8 files, leaving them as they were", async () => {
		await put("Bad.md", "---\na: 1\na: 2\n---\nbody");
		const latin1 = Uint8Array.from([...Buffer.from("caf"), 0xe9, 0x0a]);
		await put("Latin1.md", latin1);
		const vault = new FsVault(root);

		await expect(vault.writeFrontmatter("Bad.md", { memory_status: "dormant" })).rejects.toThrow(
			'Cannot edit the frontmatter of "Bad.md": Frontmatter YAML is invalid (line 3): Map keys must be unique.',
		);
		await expect(vault.writeFrontmatter("Latin1.md", { memory_status: "dormant" })).rejects.toThrow(
			'Cannot edit the frontmatter of "Latin1.md": the file is not valid UTF-8 text.',
		);
		expect(await text("Bad.md")).toBe("---\na: 1\na: 2\n---\nbody");
		expect(new Uint8Array(await readFile(join(root, "Latin1.md")))).toEqual(latin1);
	});

	it("writes through a link to a note inside the vault and keeps the link", async () => {
		await put("Real.md", "real");
		await symlink("Real.md", join(root, "Link.md"));
		await new FsVault(root).writeFrontmatter("Link.md", { memory_status: "core" });
		expect(await text("Real.md")).toBe("---\nmemory_status: core\n---\nreal");
		expect((await lstat(join(root, "Link.md"))).isSymbolicLink()).toBe(true);
	});

	it("never writes through a link that leaves the vault", async () => {
		await writeFile(join(base, "outside.md"), "outside");
		await symlink(join(base, "outside.md"), join(root, "Out.md"));
		await expect(new FsVault(root).writeFrontmatter("Out.md", { memory_status: "core" })).rejects.toThrow(
			'path "Out.md" must be a vault-relative path inside the vault',
		);
		expect(await readFile(join(base, "outside.md"), "utf8")).toBe("outside");
	});
});

describe("FsVault.createNote", () => {
	it("creates missing folders and returns the new file", async () => {
		const file = await new FsVault(root).createNote("Memory/2024/Fact.md", "hello");
		expect(file).toMatchObject({ path: "Memory/2024/Fact.md", size: 5 });
		expect(await text("Memory/2024/Fact.md")).toBe("hello");
	});

	it("fails clearly and leaves the existing note alone when the path is taken", async () => {
		await put("Taken.md", "mine");
		await expect(new FsVault(root).createNote("Taken.md", "theirs")).rejects.toThrow(
			'Cannot create note "Taken.md": a file already exists at that path.',
		);
		expect(await text("Taken.md")).toBe("mine");
	});

	it.each([
		["Memory/x.txt", 'path "Memory/x.txt" must be a markdown note path: it does not end in ".md".'],
		[".trash/x.md", 'path ".trash/x.md" must be a vault-relative path inside the vault: it is inside a hidden folder.'],
	])("refuses to create %j", async (path, message) => {
		await expect(new FsVault(root).createNote(path, "x")).rejects.toThrow(message);
		expect(await readdir(root)).toEqual([]);
	});

	it("refuses paths outside the vault, also through a linked folder", async () => {
		await mkdir(join(base, "outside"));
		await symlink(join(base, "outside"), join(root, "Linked"));
		const vault = new FsVault(root);
		await expect(vault.createNote("../escape.md", "x")).rejects.toThrow(
			'path "../escape.md" must be a vault-relative path inside the vault',
		);
		await expect(vault.createNote("Linked/x.md", "x")).rejects.toThrow(
			'path "Linked/x.md" must be a vault-relative path inside the vault',
		);
		expect(await readdir(join(base, "outside"))).toEqual([]);
		expect(await readdir(base)).toEqual(["outside", "vault"]);
	});

	it("never writes through a link at the note's own path, even one that leads nowhere yet", async () => {
		await mkdir(join(base, "outside"));
		await symlink(join(base, "outside", "planted.md"), join(root, "Planted.md"));
		await expect(new FsVault(root).createNote("Planted.md", "x")).rejects.toThrow(
			'Cannot create note "Planted.md": a file already exists at that path.',
		);
		expect(await readdir(join(base, "outside"))).toEqual([]);
	});
});

/**
 * Lets the first FileHandle.sync (the temp file's fsync) through and holds the next (the folder's)
 * until `release`, or fails it with `failure`; records when each starts and ends.
 */
async function gateFolderFsync(events: string[], failure?: Error) {
	const probe = await open(join(base, "probe"), "w");
	const prototype = Object.getPrototypeOf(probe) as { sync: () => Promise<void> };
	await probe.close();
	const sync = prototype.sync;
	let release = () => {};
	const gate = new Promise<void>((resolve) => (release = resolve));
	let calls = 0;
	const spy = vi.spyOn(prototype, "sync").mockImplementation(async function (this: unknown) {
		if (calls++ === 0) return sync.call(this);
		events.push("folder fsync started");
		await gate;
		if (failure) throw failure;
		await sync.call(this);
		events.push("folder fsync done");
	});
	return { release, restore: () => spy.mockRestore() };
}

describe("FsVault.createNote with work beside the folder's fsync", () => {
	it("runs the caller's work once the whole note is in place, during the folder's fsync, and resolves only after both", async () => {
		const events: string[] = [];
		const fsync = await gateFolderFsync(events);
		try {
			const creating = new FsVault(root).createNote("Memory/A.md", "hello", async (file) => {
				events.push(`beside ${file.path} ${file.size} on disk: ${await text("Memory/A.md")}`);
			});
			void creating.then(() => events.push("created"));
			await vi.waitFor(() => expect(events).toContain("beside Memory/A.md 5 on disk: hello"));
			await new Promise((resolve) => setImmediate(resolve));
			expect(events).toEqual(["folder fsync started", "beside Memory/A.md 5 on disk: hello"]);
			fsync.release();
			expect(await creating).toMatchObject({ path: "Memory/A.md", size: 5 });
			expect(events).toEqual([
				"folder fsync started",
				"beside Memory/A.md 5 on disk: hello",
				"folder fsync done",
				"created",
			]);
			expect(await readdir(join(root, "Memory"))).toEqual(["A.md"]);
		} finally {
			fsync.restore();
		}
	});

	it("removes the note when the folder's fsync fails, once the caller's work has settled, and reports the write's error", async () => {
		const events: string[] = [];
		const fsync = await gateFolderFsync(events, new Error("EIO: i/o error, fsync"));
		try {
			const creating = new FsVault(root).createNote("A.md", "hello", async () => {
				events.push("beside started");
				await new Promise((resolve) => setTimeout(resolve, 20));
				events.push(`beside done, on disk: ${await text("A.md")}`);
			});
			const failed = expect(creating).rejects.toThrow('Cannot create note "A.md": EIO: i/o error, fsync');
			await vi.waitFor(() => expect(events).toContain("beside started"));
			fsync.release();
			await failed;
			expect(events).toEqual(["beside started", "folder fsync started", "beside done, on disk: hello"]);
			expect(await readdir(root)).toEqual([]);
		} finally {
			fsync.restore();
		}
	});

	it("reports the caller's failure once the note is durable, and keeps the note", async () => {
		await expect(
			new FsVault(root).createNote("A.md", "hello", () => Promise.reject(new Error("could not index"))),
		).rejects.toThrow(/^could not index$/);
		expect(await text("A.md")).toBe("hello");
	});
});

describe("FsVault.moveNote", () => {
	it("moves a note, creating folders, and never replaces an existing note", async () => {
		await put("A.md", "a");
		await put("Taken.md", "taken");
		const vault = new FsVault(root);

		await vault.moveNote("A.md", "New/Folder/A.md");
		expect(await text("New/Folder/A.md")).toBe("a");
		expect(await vault.stat("A.md")).toBeNull();

		await expect(vault.moveNote("New/Folder/A.md", "Taken.md")).rejects.toThrow(
			'Cannot move note "New/Folder/A.md" to "Taken.md": a file already exists at the target path.',
		);
		expect([await text("New/Folder/A.md"), await text("Taken.md")]).toEqual(["a", "taken"]);
	});

	it("checks both paths", async () => {
		await put("A.md", "a");
		const vault = new FsVault(root);
		await expect(vault.moveNote("A.md", "../A.md")).rejects.toThrow(
			'to "../A.md" must be a vault-relative path inside the vault',
		);
		await expect(vault.moveNote("/A.md", "B.md")).rejects.toThrow(
			'from "/A.md" must be a vault-relative path inside the vault',
		);
		await expect(vault.moveNote("A.md", ".hidden/A.md")).rejects.toThrow("it is inside a hidden folder");
		await expect(vault.moveNote("Gone.md", "B.md")).rejects.toThrow(
			'Cannot move note "Gone.md" to "B.md": it does not exist (ENOENT).',
		);
		expect(await text("A.md")).toBe("a");
	});
});

describe("FsVault.removeNote", () => {
	it("moves notes to .trash keeping their folder, numbering a taken name", async () => {
		await put("Projects/Plan.md", "first");
		await put(".trash/Projects/Plan.md", "already trashed");
		const vault = new FsVault(root);

		expect(await vault.removeNote("Projects/Plan.md", { kind: "trash" })).toBeNull();
		await put("Projects/Plan.md", "second");
		await vault.removeNote("Projects/Plan.md", { kind: "trash" });

		expect(await text(".trash/Projects/Plan 1.md")).toBe("first");
		expect(await text(".trash/Projects/Plan 2.md")).toBe("second");
		expect(await vault.stat("Projects/Plan.md")).toBeNull();
	});

	it("moves a note into the archive folder and returns its new path", async () => {
		await put("Memory/Old.md", "old");
		const vault = new FsVault(root);
		expect(await vault.removeNote("Memory/Old.md", { kind: "archive", folder: "Archive/" })).toBe(
			"Archive/Memory/Old.md",
		);
		expect(await text("Archive/Memory/Old.md")).toBe("old");
	});

	it("checks the note and the archive folder", async () => {
		await put("A.md", "a");
		await put("img.png", "p");
		await put("Archive/Old.md", "o");
		const vault = new FsVault(root);
		await expect(vault.removeNote("img.png", { kind: "trash" })).rejects.toThrow(
			'Cannot remove "img.png": it is not a markdown note.',
		);
		await expect(vault.removeNote("A.md", { kind: "archive", folder: ".archive" })).rejects.toThrow(
			"it is inside a hidden folder",
		);
		await expect(vault.removeNote("Archive/Old.md", { kind: "archive", folder: "Archive" })).rejects.toThrow(
			'"Archive/Old.md" is already in the archive folder "Archive".',
		);
		await expect(vault.removeNote("A.md", { kind: "archive", folder: "/tmp" })).rejects.toThrow(
			'mode.folder "/tmp" must be a vault-relative path inside the vault: it is absolute.',
		);
		await expect(vault.removeNote("Gone.md", { kind: "trash" })).rejects.toThrow(
			'Cannot move note "Gone.md" to the trash: it does not exist (ENOENT).',
		);
		expect(await text("A.md")).toBe("a");
	});
});
