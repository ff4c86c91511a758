import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { VaultPaths } from "../../../src/node/fs/fs-vault-paths";

let base: string;
let root: string;

beforeEach(async () => {
	base = await realpath(await mkdtemp(join(tmpdir(), "cm-paths-")));
	root = join(base, "vault");
	await mkdir(join(root, "Notes"), { recursive: true });
	await mkdir(join(base, "outside"));
	await writeFile(join(root, "Notes", "a.md"), "a");
});

afterEach(async () => {
	await rm(base, { recursive: true, force: true });
});

describe("VaultPaths.resolve", () => {
	it.each([
		["", "it is empty"],
		["/etc/passwd", "it is absolute"],
		["C:/x.md", "it is absolute"],
		["../x.md", 'it contains a ".." segment'],
		["Notes/../../x.md", 'it contains a ".." segment'],
		["Notes//a.md", 'it contains an empty or "." segment'],
		["./a.md", 'it contains an empty or "." segment'],
		["Notes\\a.md", 'it contains "\\"'],
		["a\0.md", "it contains a NUL character"],
	])("rejects %j: %s", async (path, reason) => {
		await expect(new VaultPaths(root).resolve(path, "path")).rejects.toThrow(
			`path "${path}" must be a vault-relative path inside the vault: ${reason}`,
		);
	});

	it("rejects a value that is not a string, naming the argument", async () => {
		await expect(new VaultPaths(root).resolve(42, "mode.folder")).rejects.toThrow(
			"mode.folder must be a vault-relative path",
		);
	});

	it("names a missing vault folder, and finds it once it exists", async () => {
		const paths = new VaultPaths(join(base, "later"));
		await expect(paths.resolve("a.md", "path")).rejects.toThrow(
			`The vault folder "${join(base, "later")}" cannot be opened: it does not exist (ENOENT).`,
		);
		await mkdir(join(base, "later"));
		expect(await paths.resolve("a.md", "path")).toBe(join(base, "later", "a.md"));
	});

	it("resolves existing and not yet existing paths inside the vault", async () => {
		const paths = new VaultPaths(root);
		expect(await paths.resolve("Notes/a.md", "path")).toBe(join(root, "Notes", "a.md"));
		expect(await paths.resolve("New/Deep/b.md", "path")).toBe(join(root, "New", "Deep", "b.md"));
	});

	it("follows a symbolic link that stays inside the vault to the real file", async () => {
		await symlink(join(root, "Notes", "a.md"), join(root, "link.md"));
		expect(await new VaultPaths(root).resolve("link.md", "path")).toBe(join(root, "Notes", "a.md"));
	});

	it("rejects paths that lead through a symbolic link out of the vault", async () => {
		await symlink(join(base, "outside"), join(root, "escape"));
		await writeFile(join(base, "outside", "secret.md"), "s");
		await symlink(join(base, "outside", "secret.md"), join(root, "secret.md"));
		const paths = new VaultPaths(root);
		for (const path of ["escape/new.md", "escape/deeper/new.md", "secret.md"]) {
			await expect(paths.resolve(path, "path")).rejects.toThrow(
				`path "${path}" must be a vault-relative path inside the vault`,
			);
		}
	});
});
