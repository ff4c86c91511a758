import { clearTimeout } from "node:timers";
import type { App as ObsidianApp } from "obsidian";
import { readMemorySettings, type MemorySettings } from "../../src/core/model/settings";
import type { VaultPort } from "../../src/core/model/vault";
import type { LockIdentity } from "../../src/engine/activity/writer-lock";
import { MemoryEngine } from "../../src/engine/memory-engine";
import type { Timers } from "../../src/core/model/timers";
import type { IndexStatusView } from "../../src/obsidian/index-status-bar";
import { ObsidianVault } from "../../src/obsidian/obsidian-vault";
import { createInThreadMaintenanceWorker } from "../../src/workers/in-thread-host";
import type { MaintenanceRequest } from "../../src/core/maintenance/maintenance-protocol";
import type { MaintenanceWorker } from "../../src/core/maintenance/maintenance-worker-port";
import { MemoryCacheStore } from "../fakes/memory-cache-store";
import { MemoryStorage } from "../fakes/memory-storage";
import { App } from "../fakes/obsidian";

const TIMERS: Timers = { setTimeout, clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) };

export class RecordingStatus implements IndexStatusView {
	readonly shown: string[] = [];
	showProgress(done: number, total: number): void {
		this.shown.push(`progress ${done}/${total}`);
	}
	showCounts(notes: number, links: number): void {
		this.shown.push(`counts ${notes}/${links}`);
	}
	showFailure(reason: string): void {
		this.shown.push(`failure ${reason}`);
	}
	showReadOnly(notes: number, reason: string): void {
		this.shown.push(`read only ${notes}: ${reason}`);
	}
}

export interface TestEngine {
	engine: MemoryEngine;
	storage: MemoryStorage;
	caches: MemoryCacheStore;
	worker: MaintenanceWorker & { terminated: boolean };
	settings: { current: MemorySettings };
}

/** A MemoryEngine over a fake app's vault (or another VaultPort), with in-memory storage and an in-thread worker. */
export function engineOver(
	app: App | VaultPort,
	options: { settings?: MemorySettings; clock?: () => number; lock?: LockIdentity } = {},
): TestEngine {
	const vault = app instanceof App ? new ObsidianVault(app as unknown as ObsidianApp) : app;
	const storage = new MemoryStorage();
	const caches = new MemoryCacheStore();
	const inThread = createInThreadMaintenanceWorker();
	const worker = {
		terminated: false,
		run: (request: MaintenanceRequest) => inThread.run(request),
		terminate: () => {
			worker.terminated = true;
			inThread.terminate();
		},
	};
	const holder = { current: options.settings ?? readMemorySettings(null).settings };
	const engine = new MemoryEngine({
		vault,
		storage,
		caches,
		lock: options.lock,
		worker,
		timers: TIMERS,
		clock: options.clock ?? (() => Date.now()),
		settings: () => holder.current,
		updateSettings: (change) => {
			holder.current = change(holder.current);
			return Promise.resolve();
		},
		warn: () => undefined,
	});
	return { engine, storage, caches, worker, settings: holder };
}
