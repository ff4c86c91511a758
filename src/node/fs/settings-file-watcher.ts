import { unwatchFile, watchFile, type Stats } from "node:fs";
import { join } from "node:path";
import { readMemorySettings, type MemorySettings } from "../../core/model/settings";
import { changedPaths, keepingUnchanged, withChanges } from "../../core/model/settings-changes";
import { pluginFolder, readHeadlessSettings } from "../headless-settings";

/** How often data.json is checked for changes: a setting applies within about this long. */
const SETTINGS_POLL_MS = 500;

export interface SettingsFileWatch {
	vaultDir: string;
	/** What the settings were when data.json was last read (the start's reading). */
	read: MemorySettings;
	/** The settings in effect now, changes made since the last reading included. */
	current: () => MemorySettings;
	/** Puts valid changed settings into effect; `previous` is what `current` gave before. */
	apply: (next: MemorySettings, previous: MemorySettings) => void;
	log: (line: string) => void;
	pollMs?: number;
}

/**
 * Follows data.json while a headless command runs (the plugin on another device through sync, a
 * hand edit). The fields that changed in the file since it was last read are written over the
 * settings in effect, so a change this process made itself (a core preference, a generated
 * token), saved or still being saved, is never undone by an older reading. A file that is not
 * valid JSON or holds an invalid value changes nothing: each problem is logged with the field and
 * the fix, and the settings in effect stay until the file is fixed. The file is polled (stat),
 * which also sees a file replaced by a rename, as atomic writes and sync tools do. Returns the
 * function that stops following.
 */
export function watchSettingsFile(watch: SettingsFileWatch): () => void {
	const file = join(pluginFolder(watch.vaultDir), "data.json");
	let lastRead = watch.read;
	const changed = (now: Stats, before: Stats): void => {
		if (now.mtimeMs === before.mtimeMs && now.size === before.size && now.ino === before.ino) return;
		// watchFile reports a missing file with zeroed stats; reading it would give the defaults.
		if (now.mtimeMs === 0 && now.ino === 0) {
			watch.log(`settings: ${file} was removed; the settings in effect stay until it is back`);
			return;
		}
		const read = readHeadlessSettings(watch.vaultDir, file);
		if (read.problems.length > 0) {
			for (const problem of read.problems)
				watch.log(
					`settings: the change to ${file} was not applied: ${problem.replace(/\.$/, "")}. Fix it in the file; the previous settings stay in effect.`,
				);
			return;
		}
		const paths = changedPaths(lastRead, read.settings);
		lastRead = read.settings;
		if (paths.length === 0) return;
		const previous = watch.current();
		const merged = readMemorySettings(
			withChanges(previous as unknown as Record<string, unknown>, read.settings, paths),
		);
		if (merged.problems.length > 0) {
			watch.log(`settings: the change to ${file} was not applied: ${merged.problems.join("; ")}`);
			return;
		}
		const next = keepingUnchanged(previous, merged.settings);
		if (next === previous) return;
		watch.log(`settings: applied ${paths.map((path) => path.join(".")).join(", ")} from ${file}`);
		watch.apply(next, previous);
	};
	watchFile(file, { interval: watch.pollMs ?? SETTINGS_POLL_MS, persistent: false }, changed);
	return () => unwatchFile(file, changed);
}
