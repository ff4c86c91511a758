import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { App as ObsidianApp } from "obsidian";
import { App, type AppOptions } from "../fakes/obsidian";

const made: string[] = [];
const apps: App[] = [];

/** A temporary folder holding `files` (vault-relative path → content). */
export function makeVaultDir(files: Record<string, string>): string {
	const dir = mkdtempSync(join(tmpdir(), "causal-memory-vault-"));
	made.push(dir);
	for (const [path, content] of Object.entries(files)) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), content);
	}
	return dir;
}

/** Lets the fake apps finish parsing, then removes every folder `makeVaultDir` made (call from afterEach). */
export async function removeVaultDirs(): Promise<void> {
	for (const app of apps.splice(0)) await app.metadataCache.whenIdle();
	for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * A fake app over a temporary vault. `app` is the fake (with its test helpers); `obsidianApp`
 * is the same object typed as the real App, for code under test.
 */
export function fakeApp(
	files: Record<string, string>,
	options?: AppOptions,
): { app: App; obsidianApp: ObsidianApp; dir: string } {
	const dir = makeVaultDir(files);
	const app = new App(dir, options);
	apps.push(app);
	return { app, obsidianApp: app as unknown as ObsidianApp, dir };
}
