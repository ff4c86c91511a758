import { handleMaintenanceMessage } from "./handle-request";
import { MaintenanceWorkerClient, type WorkerConnection, type WorkerListeners } from "./worker-client";
import type { MaintenanceWorker } from "../core/maintenance/maintenance-worker-port";

/**
 * Runs passes on the calling thread through the same protocol: for platforms without workers and
 * for tests. Messages go through structuredClone with transfer, so the request's arrays are
 * detached exactly as a real worker would detach them. A pass blocks the thread while it runs.
 */
export function connectInThread(listeners: WorkerListeners): WorkerConnection {
	let closed = false;
	return {
		send: (message, transfer) => {
			const received = structuredClone(message, { transfer });
			queueMicrotask(() => {
				if (closed) return;
				const { reply, transfer: back } = handleMaintenanceMessage(received);
				listeners.reply(structuredClone(reply, { transfer: back }));
			});
		},
		close: () => {
			closed = true;
		},
	};
}

export function createInThreadMaintenanceWorker(): MaintenanceWorker {
	return new MaintenanceWorkerClient(connectInThread, "in-thread maintenance runner");
}
