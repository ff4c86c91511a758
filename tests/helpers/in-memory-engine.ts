import { readMemorySettings } from "../../src/core/model/settings";
import type { VaultPort } from "../../src/core/model/vault";
import { MemoryEngine, type MemoryEngineDeps } from "../../src/engine/memory-engine";
import { NODE_TIMERS } from "../../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../../src/workers/in-thread-host";
import { MemoryStorage } from "../fakes/memory-storage";

/** An engine over `vault` with default settings, in-memory storage, the in-thread worker and a clock at 2026-01-01; `overrides` replace any of these. */
export function inMemoryEngine(vault: VaultPort, overrides: Partial<MemoryEngineDeps> = {}): MemoryEngine {
	const { settings } = readMemorySettings(null);
	return new MemoryEngine({
		vault,
		storage: new MemoryStorage(),
		worker: createInThreadMaintenanceWorker(),
		timers: NODE_TIMERS,
		clock: () => Date.UTC(2026, 0, 1),
		settings: () => settings,
		warn: () => undefined,
		...overrides,
	});
}
