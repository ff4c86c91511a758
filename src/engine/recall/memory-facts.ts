import { LIFECYCLE_STATUSES, type LifecycleStatus } from "../../core/model/lifecycle-status";
import type { MemoryNodeAttributes } from "../../core/graph/types";

/** Where recall learns what the graph does not hold about a memory; every one is optional. */
export interface MemoryFactsDeps {
	/** Lifecycle status (maintenance knows it); default: the note's `memory_status`, else active. */
	statusOf?: (path: string) => LifecycleStatus;
	/** Retention in [0, 1] from the last scoring pass; unknown counts as 1. */
	retentionOf?: (path: string) => number | undefined;
	/** Last recall or open (ms), for recency; unknown falls back to the note's mtime. */
	lastUsedOf?: (path: string) => number | null | undefined;
}

/** A memory's status, retention and last use, as recall and search rank and filter by them. */
export class MemoryFacts {
	constructor(private readonly deps: MemoryFactsDeps) {}

	statusOf(path: string, node: MemoryNodeAttributes): LifecycleStatus {
		if (this.deps.statusOf) return this.deps.statusOf(path);
		const said = node.memory.status;
		return said !== undefined && (LIFECYCLE_STATUSES as readonly string[]).includes(said)
			? (said as LifecycleStatus)
			: "active";
	}

	retentionOf(path: string): number {
		const retention = this.deps.retentionOf?.(path);
		return retention === undefined || !Number.isFinite(retention) ? 1 : retention;
	}

	lastUsed(path: string, node: MemoryNodeAttributes): number {
		return Math.max(node.mtime, this.deps.lastUsedOf?.(path) ?? 0);
	}
}
