import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { readMemorySettings, type MemorySettings } from "../core/model/settings";
import { changedPaths, withChanges } from "../core/model/settings-changes";
import { errorMessage } from "../core/model/error-message";
import { writeFileAtomic } from "./fs/atomic-write";

/** data.json holds the MCP token: readable and writable by its owner only. */
const SETTINGS_FILE_MODE = 0o600;
/** Obsidian's default configuration folder: the headless tools have no `Vault#configDir` to ask. */
export const DEFAULT_CONFIG_DIR = [".", "obsidian"].join("");

/** Where the plugin keeps its files inside a vault; the headless tools use the same place so both share one memory. */
export function pluginFolder(vaultDir: string, configDir = DEFAULT_CONFIG_DIR): string {
	return join(vaultDir, configDir, "plugins", "causal-memory");
}

/**
 * The settings the plugin saved in this vault (data.json), or the defaults. Invalid groups fall
 * back to their defaults and are reported, exactly as in the plugin.
 */
export function readHeadlessSettings(
	vaultDir: string,
	file = join(pluginFolder(vaultDir), "data.json"),
): { settings: MemorySettings; problems: string[] } {
	if (!existsSync(file)) return readMemorySettings(null);
	try {
		return readMemorySettings(JSON.parse(readFileSync(file, "utf8")) as unknown);
	} catch (error) {
		const read = readMemorySettings(null);
		return { ...read, problems: [`${file} is not valid JSON (${errorMessage(error)})`] };
	}
}

/**
 * Changes the saved settings the way the plugin would (data.json, other keys kept), written
 * atomically so an interrupted write cannot leave half a file, and readable by the owner only:
 * it holds the MCP token. Only the headless server calls it, for the generated MCP token and for
 * core preferences set through MCP.
 */
export async function saveHeadlessSettings(
	vaultDir: string,
	change: (saved: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
	const file = join(pluginFolder(vaultDir), "data.json");
	let saved: Record<string, unknown> = {};
	if (existsSync(file)) {
		const parsed = JSON.parse(readFileSync(file, "utf8")) as unknown;
		if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
			saved = parsed as Record<string, unknown>;
	}
	await mkdir(dirname(file), { recursive: true });
	await writeFileAtomic(file, `${JSON.stringify(change(saved), null, 2)}\n`, { mode: SETTINGS_FILE_MODE });
}

/**
 * Makes an existing data.json readable by its owner only when others could read it (a file the
 * plugin or an older version created); true when it changed anything. No-op on Windows.
 */
export async function keepSettingsPrivate(vaultDir: string): Promise<boolean> {
	if (process.platform === "win32") return false;
	const file = join(pluginFolder(vaultDir), "data.json");
	const mode = (await stat(file).catch(() => null))?.mode;
	if (mode === undefined || (mode & 0o077) === 0) return false;
	await chmod(file, SETTINGS_FILE_MODE);
	return true;
}

/**
 * The `updateSettings` of a headless command: the change applies at once in memory, and only the
 * fields it changed are written over data.json as it is now, so a save never drops another field
 * (such as the MCP token generated after the settings were read).
 */
export function headlessSettingsUpdater(
	vaultDir: string,
	get: () => MemorySettings,
	set: (settings: MemorySettings) => void,
): (change: (settings: MemorySettings) => MemorySettings) => Promise<void> {
	let saving: Promise<void> = Promise.resolve();
	return (change) => {
		const before = get();
		const after = change(before);
		set(after);
		const paths = changedPaths(before, after);
		saving = saving
			.catch(() => undefined)
			.then(() => saveHeadlessSettings(vaultDir, (saved) => withChanges(saved, after, paths)));
		return saving;
	};
}
