/*
 * The one maintenance worker entry. esbuild bundles it into a string (`virtual:maintenance-worker`,
 * see scripts/inline-worker.mjs) that the hosts start: as a Web Worker in Obsidian, as a worker
 * thread in headless mode (behind a prelude that provides `self` and `postMessage`).
 */
import { handleMaintenanceMessage } from "./handle-request";
import type { MaintenanceMessage } from "../core/maintenance/maintenance-protocol";

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<MaintenanceMessage>) => {
	const { reply, transfer } = handleMaintenanceMessage(event.data);
	scope.postMessage(reply, { transfer });
};
