import { join } from "node:path";
import type { MemorySettings } from "../core/model/settings";
import { MemoryEngine } from "../engine/memory-engine";
import { headlessDeviceId } from "./device-id";
import { FsCacheStore, headlessCacheFolder } from "./fs/fs-cache-store";
import { FsStorage } from "./fs/fs-storage";
import { FsVault } from "./fs/fs-vault";
import { pluginFolder } from "./headless-settings";
import { NODE_TIMERS } from "./node-timers";
import { processLockIdentity } from "./fs/process-lock";
import { ReadOnlyStorage } from "./fs/read-only-storage";
import { createThreadMaintenanceWorker } from "./thread-worker-host";

export interface HeadlessEngineOptions {
	/** Names the command in the writer lock, e.g. "causal-memory serve". */
	program: string;
	settings: () => MemorySettings;
	/** Saves changed settings; without it the engine cannot change them. */
	updateSettings?: (change: (settings: MemorySettings) => MemorySettings) => Promise<void>;
	/**
	 * For commands that only look (listing proposals, a dry maintenance pass): the state folder is
	 * read but nothing is written to it or created, no writer lock is taken (so the command also
	 * runs beside the plugin or `serve`), and other writers' temp files are left alone.
	 */
	readOnly?: boolean;
}

/**
 * The engine over a vault folder, sharing the plugin's state folder, for every headless command;
 * the keyword index cache goes to the local state home (headlessCacheFolder); warnings go to stderr.
 */
export async function headlessEngine(vaultDir: string, options: HeadlessEngineOptions): Promise<MemoryEngine> {
	const warn = (message: string): void => console.error(`causal-memory: ${message}`);
	// Excluded folders are listed too: they stay out of memory but count for link resolution.
	const vault = new FsVault(vaultDir);
	// A write killed part-way leaves its temp file beside the note; nobody else writes ours (one writer per vault).
	if (options.readOnly !== true) await vault.removeStaleTempFiles();
	const storage = new FsStorage(join(pluginFolder(vaultDir), "state"));
	return new MemoryEngine({
		vault,
		storage: options.readOnly === true ? new ReadOnlyStorage(storage) : storage,
		caches: new FsCacheStore(await headlessCacheFolder(vaultDir)),
		deviceId: await headlessDeviceId(vaultDir, warn),
		lock: options.readOnly === true ? undefined : processLockIdentity(options.program),
		worker: createThreadMaintenanceWorker(),
		timers: NODE_TIMERS,
		clock: () => Date.now(),
		settings: options.settings,
		updateSettings: options.updateSettings,
		warn,
	});
}
