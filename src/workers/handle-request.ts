import { runPass } from "../core/maintenance/maintenance-pass";
import {
	responseTransferables,
	type MaintenanceMessage,
	type MaintenanceReply,
} from "../core/maintenance/maintenance-protocol";
import { errorMessage } from "../core/model/error-message";

/** Runs one pass for a message and says what to transfer back; a failed pass becomes an error reply. */
export function handleMaintenanceMessage(message: MaintenanceMessage): {
	reply: MaintenanceReply;
	transfer: ArrayBuffer[];
} {
	const started = performance.now();
	try {
		const response = { ...runPass(message.request), workerMs: performance.now() - started };
		return { reply: { id: message.id, response }, transfer: responseTransferables(response) };
	} catch (error) {
		return { reply: { id: message.id, error: errorMessage(error) }, transfer: [] };
	}
}
