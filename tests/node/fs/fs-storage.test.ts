import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FsStorage } from "../../../src/node/fs/fs-storage";

describe("FsStorage", () => {
	let root: string;
	beforeEach(async () => {
		root = await mkdtemp(join(tmpdir(), "cm-fs-storage-"));
	});
	afterEach(async () => {
		await rm(root, { recursive: true, force: true });
	});

	it("treats a folder that does not exist yet as empty and creates it on the first write", async () => {
		const storage = new FsStorage(join(root, "activity"));
		expect(await storage.list()).toEqual([]);
		expect(await storage.read("a.log")).toBeNull();
		await storage.append("a.log", "one\n");
		await storage.append("a.log", "two\n");
		expect(await storage.read("a.log")).toBe("one\ntwo\n");
		expect(await storage.list()).toEqual(["a.log"]);
	});

	it.skipIf(process.platform === "win32")("creates its folder and files readable by the owner only", async () => {
		const folder = join(root, "state");
		const storage = new FsStorage(folder);
		await storage.append("activity-1.log", "one\n");
		await storage.writeAtomic("keyword.cache", "{}");
		expect((await stat(folder)).mode & 0o777).toBe(0o700);
		expect((await stat(join(folder, "activity-1.log"))).mode & 0o777).toBe(0o600);
		expect((await stat(join(folder, "keyword.cache"))).mode & 0o777).toBe(0o600);
	});

	it("replaces a file atomically and leaves no temp file", async () => {
		const storage = new FsStorage(root);
		await storage.writeAtomic("s.snapshot", "old");
		await storage.writeAtomic("s.snapshot", "new ✓");
		expect(await readFile(join(root, "s.snapshot"), "utf8")).toBe("new ✓");
		expect(await readdir(root)).toEqual(["s.snapshot"]);
	});

	it("removes files and accepts removing a missing one", async () => {
		const storage = new FsStorage(root, { sync: false });
		await writeFile(join(root, "x"), "1");
		await storage.remove("x");
		await storage.remove("x");
		expect(await storage.list()).toEqual([]);
	});

	it("rejects names that would leave its folder", async () => {
		const storage = new FsStorage(root);
		await expect(storage.read("../secret")).rejects.toThrow('Storage file name "../secret" must be a plain file name');
		await expect(storage.append("a/b", "x")).rejects.toThrow("without folders");
	});
});
