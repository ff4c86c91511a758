import { LIFECYCLE_STATUSES } from "../../core/model/lifecycle-status";
import type { AutomaticRecall } from "./automatic-recalls";
import type { HistoryEntry } from "../../core/activity/node-activity";
import type { CoreProposal } from "../../core/lifecycle/decide-transition";
import type { LifecycleStatus } from "../../core/model/lifecycle-status";
import type { MemoryEngine } from "../memory-engine";
import type { CoreMemory } from "../../core/inspector/types";
import type { PassReport } from "../maintenance/memory-maintenance";

interface StatusChange {
	seq: number;
	/** The device that recorded the change (several devices can share one vault). */
	device: string;
	path: string;
	at: number;
	/** "active → dormant", or the prune action ("archived", "marked pruned", "moved to the trash"). */
	what: string;
	reason: string;
	/** Null when the change can be undone now, else why not. */
	undoProblem: string | null;
}

interface PassSummary {
	at: number;
	notes: number;
	/** Status changes grouped by direction, the largest group first. */
	transitions: { from: LifecycleStatus; to: LifecycleStatus; count: number }[];
	written: number;
	failedWrites: number;
	proposals: number;
	totalMs: number;
}

interface StoredMemory {
	path: string;
	title: string;
	created: number;
}

/** The vault part of the memory view: everything it shows, from the engine's in-memory state. */
export interface VaultOverview {
	notes: number;
	byStatus: Record<LifecycleStatus, number>;
	/** Newest first. */
	recentChanges: StatusChange[];
	core: CoreMemory[];
	/** Oldest first: the order they were made. */
	proposals: CoreProposal[];
	/** When the last pass ran, kept across restarts; null before the first. */
	lastPassAt: number | null;
	/** What the last pass since the engine started did; null when none ran since. */
	lastPass: PassSummary | null;
	/** Memories created through MCP (memory_source: mcp), newest first. */
	recentlyStored: StoredMemory[];
	/** What the Claude Code hooks showed Claude and the session notes they saved, newest first. */
	automaticRecalls: AutomaticRecall[];
}

export interface OverviewLimits {
	/** Default 8. */
	changes?: number;
	/** Default 8. */
	stored?: number;
	/** Default 8. */
	recalls?: number;
}

const PRUNE_WORDS: Record<string, string> = { mark: "marked pruned", archive: "archived", trash: "moved to the trash" };

/** One walk over the indexed notes plus the tail of the history; reads nothing from disk. */
export function vaultOverview(engine: MemoryEngine, limits: OverviewLimits = {}): VaultOverview {
	const graph = engine.index.graph;
	const maintenance = engine.maintenance;
	const byStatus = Object.fromEntries(LIFECYCLE_STATUSES.map((status) => [status, 0])) as Record<
		LifecycleStatus,
		number
	>;
	const stored: StoredMemory[] = [];
	graph.graph.forEachNode((path, node) => {
		byStatus[maintenance.statusOf(path)]++;
		if (node.memory.source === "mcp") stored.push({ path, title: node.title, created: node.ctime });
	});
	stored.sort((a, b) => b.created - a.created || (a.path < b.path ? -1 : 1));
	const history = engine.activity.history({ limit: limits.changes ?? 8 });
	return {
		notes: graph.order,
		byStatus,
		recentChanges: history
			.reverse()
			.map((entry) => statusChange(entry, maintenance.undoProblem(entry.seq, entry.device))),
		core: engine.inspector.listCore(),
		proposals: maintenance.proposals().sort((a, b) => a.at - b.at || (a.path < b.path ? -1 : 1)),
		lastPassAt: maintenance.lastPassAt(),
		lastPass: summarisePass(maintenance.lastPass()),
		recentlyStored: stored.slice(0, limits.stored ?? 8),
		automaticRecalls: engine.automaticRecalls.recent(limits.recalls ?? 8),
	};
}

function statusChange(entry: HistoryEntry, undoProblem: string | null): StatusChange {
	const common = { seq: entry.seq, device: entry.device, path: entry.path, at: entry.at, undoProblem };
	if (entry.kind === "transition") return { ...common, what: `${entry.from} → ${entry.to}`, reason: entry.reason };
	return { ...common, what: PRUNE_WORDS[entry.action] ?? entry.action, reason: entry.reason ?? "" };
}

function summarisePass(report: PassReport | null): PassSummary | null {
	if (!report) return null;
	const groups = new Map<string, { from: LifecycleStatus; to: LifecycleStatus; count: number }>();
	for (const change of report.changes) {
		const key = `${change.from}>${change.to}`;
		const group = groups.get(key) ?? { from: change.from, to: change.to, count: 0 };
		group.count++;
		groups.set(key, group);
	}
	return {
		at: report.at,
		notes: report.notes,
		transitions: [...groups.values()].sort((a, b) => b.count - a.count),
		written: report.writes.written,
		failedWrites: report.writes.failed.length,
		proposals: report.proposals.length,
		totalMs: report.totalMs,
	};
}
