import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = process.cwd();
const RELEASE_FILES = ["package.json", "manifest.json", "versions.json", "version-bump.mjs", ".npmrc"];
const readJson = (dir: string, file: string): Record<string, unknown> =>
	JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, unknown>;
const git = (cwd: string, ...args: string[]): string => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();

describe("npm version keeps manifest.json and versions.json in step", () => {
	let dir = "";
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it("the repository's own files agree: package, manifest and versions.json name the same version", () => {
		const { version, minAppVersion } = readJson(ROOT, "manifest.json");
		expect(readJson(ROOT, "package.json").version).toBe(version);
		expect(readJson(ROOT, "versions.json")[version as string]).toBe(minAppVersion);
	});

	it("`npm version 0.2.0` on a copy bumps both files, commits them and tags 0.2.0 (no v prefix)", () => {
		dir = mkdtempSync(join(tmpdir(), "causal-memory-version-"));
		for (const file of RELEASE_FILES) copyFileSync(join(ROOT, file), join(dir, file));
		git(dir, "init", "-q");
		git(dir, "-c", "user.name=test", "-c", "user.email=test@example.invalid", "add", ".");
		git(dir, "-c", "user.name=test", "-c", "user.email=test@example.invalid", "commit", "-q", "-m", "start");
		const before = readJson(dir, "manifest.json");
		const versionsBefore = readJson(dir, "versions.json");

		execFileSync("npm", ["version", "0.2.0", "--no-audit", "--no-fund"], {
			cwd: dir,
			encoding: "utf8",
			env: {
				...process.env,
				GIT_AUTHOR_NAME: "test",
				GIT_AUTHOR_EMAIL: "test@example.invalid",
				GIT_COMMITTER_NAME: "test",
				GIT_COMMITTER_EMAIL: "test@example.invalid",
			},
		});

		expect(readJson(dir, "manifest.json")).toEqual({ ...before, version: "0.2.0" });
		expect(readJson(dir, "versions.json")).toEqual({ ...versionsBefore, "0.2.0": before.minAppVersion });
		expect(readJson(dir, "package.json").version).toBe("0.2.0");
		expect(git(dir, "tag", "--list")).toBe("0.2.0");
		expect(git(dir, "diff-tree", "--no-commit-id", "--name-only", "-r", "0.2.0^{commit}").split("\n").sort()).toEqual([
			"manifest.json",
			"package.json",
			"versions.json",
		]);
		// The files keep the repository's formatting (tabs, final newline).
		expect(readFileSync(join(dir, "manifest.json"), "utf8")).toMatch(/^\{\n\t"id": "causal-memory",[\s\S]*\n\}\n$/);
	});
});
