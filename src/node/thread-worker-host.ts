import { Worker } from "node:worker_threads";
import workerSource from "virtual:maintenance-worker";
import type { MaintenanceReply } from "../core/maintenance/maintenance-protocol";
import { MaintenanceWorkerClient, type WorkerConnection, type WorkerListeners } from "../workers/worker-client";
import type { MaintenanceWorker } from "../core/maintenance/maintenance-worker-port";

/**
 * Gives a worker thread the two Web Worker globals the entry uses (`self.onmessage`,
 * `postMessage(message, { transfer })`), so the very bundle that runs in Obsidian runs here unchanged.
 */
const WORKER_THREAD_PRELUDE = `"use strict";
const { parentPort } = require("node:worker_threads");
globalThis.self = globalThis;
globalThis.postMessage = (message, options) => parentPort.postMessage(message, options && options.transfer);
parentPort.on("message", (data) => globalThis.onmessage({ data }));
`;

/** Starts the maintenance worker entry in a worker thread; exported for tests of other hosts. */
export function startWorkerThread(source: string, listeners: WorkerListeners): WorkerConnection {
	const worker = new Worker(WORKER_THREAD_PRELUDE + source, { eval: true });
	// An idle worker must not keep a headless process alive; `hold` refs it while a pass runs.
	worker.unref();
	worker.on("message", (reply: MaintenanceReply) => listeners.reply(reply));
	worker.on("error", (error) => listeners.crash(error.message));
	worker.on("exit", (code) => listeners.crash(`exited with code ${code}`));
	return {
		send: (message, transfer) => worker.postMessage(message, transfer),
		close: () => void worker.terminate(),
		hold: (pending) => (pending ? worker.ref() : worker.unref()),
	};
}

/** The headless host: passes run in a worker thread, started on the first pass. */
export function createThreadMaintenanceWorker(): MaintenanceWorker {
	return new MaintenanceWorkerClient(
		(listeners) => startWorkerThread(workerSource, listeners),
		"maintenance worker thread",
	);
}
