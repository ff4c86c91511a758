import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeFileAtomic } from "../../../src/node/fs/atomic-write";

let dir: string;

beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "cm-atomic-"));
});

afterEach(async () => {
	await rm(dir, { recursive: true, force: true });
});

describe("writeFileAtomic", () => {
	it("replaces the file, keeps its permissions and leaves no temp file", async () => {
		const target = join(dir, "a.md");
		await writeFile(target, "old");
		await chmod(target, 0o600);
		await writeFileAtomic(target, "new ✓");
		expect(await readFile(target, "utf8")).toBe("new ✓");
		expect((await stat(target)).mode & 0o777).toBe(0o600);
		expect(await readdir(dir)).toEqual(["a.md"]);
	});

	it.skipIf(process.platform === "win32")("gives a new or an existing file the requested mode", async () => {
		const created = join(dir, "new.json");
		await writeFileAtomic(created, "{}", { mode: 0o600 });
		expect((await stat(created)).mode & 0o777).toBe(0o600);
		const existing = join(dir, "old.json");
		await writeFile(existing, "{}");
		await chmod(existing, 0o644);
		await writeFileAtomic(existing, "{}", { mode: 0o600 });
		expect((await stat(existing)).mode & 0o777).toBe(0o600);
	});

	it("creates a missing file", async () => {
		const target = join(dir, "b.md");
		await writeFileAtomic(target, "x");
		expect(await readFile(target, "utf8")).toBe("x");
		expect(await readdir(dir)).toEqual(["b.md"]);
	});

	it("leaves the target and the folder as they were when the rename fails", async () => {
		const target = join(dir, "folder.md");
		await mkdir(target);
		await writeFile(join(target, "inside"), "kept");
		await expect(writeFileAtomic(target, "x")).rejects.toThrow(/EISDIR|EEXIST|ENOTEMPTY/);
		expect(await readdir(dir)).toEqual(["folder.md"]);
		expect(await readFile(join(target, "inside"), "utf8")).toBe("kept");
	});
});
