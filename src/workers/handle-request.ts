import { runPass } from "../core/maintenance/maintenance-pass";
import {
	responseTransferables,
	type MaintenanceMessage,
	type MaintenanceReply,
} from "../core/maintenance/maintenance-protocol";
import { detectCommunitiesInColumns } from "../core/recall/communities/community-columns";
import { errorMessage } from "../core/model/error-message";

/** Runs one pass (or community detection) for a message and says what to transfer back; a failure becomes an error reply. */
export function handleMaintenanceMessage(message: MaintenanceMessage): {
	reply: MaintenanceReply;
	transfer: ArrayBuffer[];
} {
	const started = performance.now();
	try {
		if ("communities" in message) {
			const community = detectCommunitiesInColumns(message.communities);
			const communities = { community, workerMs: performance.now() - started };
			return { reply: { id: message.id, communities }, transfer: [community.buffer as ArrayBuffer] };
		}
		const response = { ...runPass(message.request), workerMs: performance.now() - started };
		return { reply: { id: message.id, response }, transfer: responseTransferables(response) };
	} catch (error) {
		return { reply: { id: message.id, error: errorMessage(error) }, transfer: [] };
	}
}
