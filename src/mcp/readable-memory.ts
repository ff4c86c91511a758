import type { MemoryEngine } from "../engine/memory-engine";
import type { HookSettings } from "../core/model/hook-settings";
import type { AutomaticRecall } from "../engine/inspector/automatic-recalls";
import type { MemoryWriter } from "../engine/writer/memory-writer";
import type { PassReport } from "../engine/maintenance/memory-maintenance";
import type { MemoryRecord } from "../engine/inspector/memory-reader";
import type { MemoryCluster, ReviewQueues } from "../engine/review/memory-review";
import type { CoreMemory, Explanation, MemoryStats, Traversal, TraverseOptions } from "../core/inspector/types";
import type { RecallHit, RecallResult, SearchFilters, SearchHit } from "../core/recall/recall-types";
import { resolveReadableMemoryId } from "../core/graph/memory-ids";
import { isLinkTargetPath } from "../core/model/memory-paths";
import type { ClusterQuery, ClusterReport } from "../engine/consolidation/memory-clusters";
import type { ConsolidateInput, ConsolidateResult } from "../engine/consolidation/memory-consolidator";

export interface ReadableRecallOptions {
	limit: number;
	verbosity: "full" | "concise";
	readOnly: boolean;
}

/**
 * The engine as an MCP client may see it: every read is limited to the notes the user's read
 * folders allow, before ranking and walking, so an unreadable note is never returned, named in a
 * hit, counted as a path in a chain, or reactivated. Tools, resources and prompts reach the
 * engine only through this view (`tests/architecture/layers.test.ts` checks it); writes go to the
 * writer, which checks the write folders itself.
 */
export class ReadableMemory {
	constructor(private readonly engine: MemoryEngine) {}

	get writer(): MemoryWriter {
		return this.engine.writer;
	}

	canRead = (path: string): boolean => this.engine.permissions.canRead(path);

	/** Keeps a hook's report of what it showed, naming only the memories the client may read. */
	recordAutomaticRecall(entry: AutomaticRecall): void {
		this.engine.automaticRecalls.add({
			...entry,
			ids: entry.ids.filter((id) => this.engine.index.graph.hasNote(id) && this.canRead(id)),
		});
	}

	/** What the Claude Code hooks should do (settings mcp.hooks); holds no note content. */
	hookSettings(): HookSettings {
		return this.engine.settings().mcp.hooks;
	}

	/**
	 * The vault path of a memory the client may read, from a path or link text; throws naming
	 * `field` otherwise, the same way for a note it may not read as for one that does not exist.
	 */
	resolve(id: string, field: string): string {
		try {
			return resolveReadableMemoryId(this.engine.index.graph, id, field, this.canRead);
		} catch (error) {
			// A path the settings keep out of memory (an excluded folder) says so, not only that no memory has it.
			if (isLinkTargetPath(id) && !this.engine.index.includes(id)) this.engine.permissions.assertReadable(id, field);
			throw error;
		}
	}

	/** Recall that ranks only readable notes, reactivates only what it returns and names no unreadable note. */
	async recall(query: string, options: ReadableRecallOptions): Promise<RecallResult> {
		const result = await this.engine.recall(query, {
			k: options.limit,
			verbosity: options.verbosity,
			readOnly: options.readOnly,
			include: this.canRead,
		});
		return { ...result, results: result.results.map((hit) => this.withoutUnreadable(hit)) };
	}

	search(query: string, filters: SearchFilters, k: number): SearchHit[] {
		return this.engine.search(query, { ...filters, include: this.canRead }, k);
	}

	/** A readable memory (resolved from `id`) with its links to readable notes. */
	get(id: string, field: string): Promise<MemoryRecord> {
		return this.engine.get(this.resolve(id, field), this.canRead);
	}

	explain(id: string, field: string, chainDepth: number): Explanation {
		return this.engine.inspector.explain(this.resolve(id, field), { chainDepth, include: this.canRead });
	}

	traverse(id: string, field: string, options: Omit<TraverseOptions, "include">): Traversal {
		return this.engine.inspector.traverse(this.resolve(id, field), { ...options, include: this.canRead });
	}

	listCore(category?: string): CoreMemory[] {
		return this.engine.inspector.listCore(category).filter((memory) => this.canRead(memory.path));
	}

	/** Clusters of readable memories only: an unreadable note is never compared, counted or named. */
	clusters(query: Omit<ClusterQuery, "include">): Promise<ClusterReport> {
		return this.engine.clusters({ ...query, include: this.canRead });
	}

	/** Consolidates readable memories whose keys the client may write; the summary's carried causes are readable ones. */
	async consolidate(input: ConsolidateInput): Promise<ConsolidateResult> {
		await this.engine.writable();
		return this.engine.consolidate(input, { include: this.canRead, checkWrites: true });
	}

	/** The clusters queue of the review: clusters of readable memories only, those the user dismissed left out. */
	reviewClusters(): Promise<MemoryCluster[]> {
		return this.engine.review.clusters(this.canRead);
	}

	/** The review queues, naming only readable memories (a belief keeps only the reasons that name readable ones). */
	review(): ReviewQueues {
		return this.engine.review.queues(this.canRead);
	}

	/** Why writes are refused for now (the writer lock taken over), null when they work. */
	writesRefused(): string | null {
		return this.engine.writesRefused();
	}

	/** Whole-vault counts: numbers only, no paths. */
	stats(): MemoryStats {
		return this.engine.inspector.stats();
	}

	/**
	 * A maintenance pass over the whole vault, once the engine may write; the report lists only readable notes' changes and
	 * proposals, and counts all changes in `changesTotal` (a number, like `stats`).
	 */
	async runPass(options: { dryRun: boolean }): Promise<PassReport & { changesTotal: number }> {
		// A pass writes (statuses, the activity log): like every write it waits for the index, and needs the lock.
		await this.engine.writable();
		const report = await this.engine.maintenance.runPass(options);
		return {
			...report,
			changesTotal: report.changes.length,
			changes: report.changes.filter((change) => this.canRead(change.path)),
			proposals: report.proposals.filter((proposal) => this.canRead(proposal.path)),
		};
	}

	private withoutUnreadable(hit: RecallHit): RecallHit {
		const clean: RecallHit = { ...hit, why: { ...hit.why } };
		if (clean.supersededBy) {
			const readable = clean.supersededBy.filter(this.canRead);
			if (readable.length > 0) clean.supersededBy = readable;
			else delete clean.supersededBy;
		}
		if (clean.why.replaces) {
			const readable = clean.why.replaces.filter(this.canRead);
			if (readable.length > 0) clean.why.replaces = readable;
			else delete clean.why.replaces;
		}
		if (clean.why.consolidates) {
			const readable = clean.why.consolidates.filter(this.canRead);
			if (readable.length > 0) clean.why.consolidates = readable;
			else delete clean.why.consolidates;
		}
		if (clean.why.path && !clean.why.path.every(this.canRead)) {
			delete clean.why.path;
			delete clean.why.edges;
		}
		return clean;
	}
}
