import workerSource from "virtual:maintenance-worker";
import type { MaintenanceReply } from "../core/maintenance/maintenance-protocol";
import { connectInThread } from "../workers/in-thread-host";
import { MaintenanceWorkerClient, type WorkerConnection, type WorkerListeners } from "../workers/worker-client";
import type { MaintenanceWorker } from "../core/maintenance/maintenance-worker-port";
import { errorMessage } from "../core/model/error-message";

export interface WebMaintenanceWorkerOptions {
	/** Told once when no Web Worker could be started and passes run on the main thread instead. */
	onFallback?: (reason: string) => void;
}

/**
 * The Obsidian host: the worker entry, inlined into main.js as text, runs as a Web Worker from a
 * blob URL (no file next to main.js, no remote code). Where a worker cannot start, passes run on
 * the main thread through the same protocol. Call `terminate` when the plugin unloads.
 */
export function createWebMaintenanceWorker(options: WebMaintenanceWorkerOptions = {}): MaintenanceWorker {
	return new MaintenanceWorkerClient((listeners) => {
		try {
			return startWebWorker(listeners);
		} catch (error) {
			options.onFallback?.(`could not start a Web Worker (${errorMessage(error)})`);
			return connectInThread(listeners);
		}
	}, "maintenance Web Worker");
}

function startWebWorker(listeners: WorkerListeners): WorkerConnection {
	const url = URL.createObjectURL(new Blob([workerSource], { type: "text/javascript" }));
	let worker: Worker;
	try {
		worker = new Worker(url, { name: "causal-memory maintenance" });
	} finally {
		// The constructor resolves the blob URL while parsing it, so the worker keeps its script.
		URL.revokeObjectURL(url);
	}
	worker.onmessage = (event: MessageEvent<MaintenanceReply>) => listeners.reply(event.data);
	worker.onerror = (event: ErrorEvent) => {
		event.preventDefault();
		listeners.crash(event.message || "uncaught error in the worker");
	};
	worker.onmessageerror = () => listeners.crash("a reply could not be deserialised");
	return {
		send: (message, transfer) => worker.postMessage(message, transfer),
		close: () => worker.terminate(),
	};
}
