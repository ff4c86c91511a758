import { join } from "node:path";
import type { MemorySettings } from "../core/model/settings";
import { MemoryEngine } from "../engine/memory-engine";
import { FsStorage } from "./fs-storage";
import { FsVault } from "./fs-vault";
import { pluginFolder } from "./headless-settings";
import { NODE_TIMERS } from "./node-timers";
import { createThreadMaintenanceWorker } from "./thread-worker-host";

/** The engine over a vault folder for one-shot commands, sharing the plugin's state folder; warnings go to stderr. */
export async function headlessEngine(vaultDir: string, settings: MemorySettings): Promise<MemoryEngine> {
	const vault = new FsVault(vaultDir, { excludedFolders: settings.index.excludedFolders });
	// A write killed part-way leaves its temp file beside the note; nobody else writes ours (one writer per vault).
	await vault.removeStaleTempFiles();
	return new MemoryEngine({
		vault,
		storage: new FsStorage(join(pluginFolder(vaultDir), "state")),
		worker: createThreadMaintenanceWorker(),
		timers: NODE_TIMERS,
		clock: () => Date.now(),
		settings: () => settings,
		warn: (message) => console.error(`causal-memory: ${message}`),
	});
}
