import type { MaintenanceRequest, MaintenanceResponse } from "./maintenance-protocol";
import type { CommunityRequest, CommunityResponse } from "../recall/communities/community-columns";

/** Runs maintenance passes off the main thread (or in it, as a fallback); one interface for every host. */
export interface MaintenanceWorker {
	/**
	 * Runs one pass. The request's typed arrays are transferred: they are unusable afterwards. Rejects
	 * with the worker's error message when the pass fails, and when the worker dies or is terminated.
	 */
	run(request: MaintenanceRequest): Promise<MaintenanceResponse>;
	/**
	 * Louvain communities of a graph given as columns (their arrays are transferred). Optional:
	 * without it the engine computes them on its own thread.
	 */
	communities?(request: CommunityRequest): Promise<CommunityResponse>;
	/** Stops the worker; pending runs reject. A later `run` rejects too. */
	terminate(): void;
}
