import type { MemoryGraph } from "../../core/graph/memory-graph";
import type { RecallSettings } from "../../core/model/recall-settings";
import type { Timers } from "../../core/model/timers";
import { SupersededIndex } from "../../core/recall/conflicts/superseded-index";
import type { VaultIndex } from "../index/vault-index";
import { TimeSlicer } from "../index/time-slicer";
import { RecallGraphState } from "./recall-graph-state";

/** The notes recall holds outside the graph (its keyword index): the ones a new graph lacks are dropped. */
export interface HeldNotes {
	ids(): Iterable<string>;
	has(path: string): boolean;
	drop(path: string): void;
}

/**
 * The graph state recall answers from, kept current with the vault index's graph. A full rebuild
 * replaces the index's graph: the caches are rebuilt for it, and notes the rebuild no longer has
 * leave recall's per-note stores.
 */
export class CurrentGraphState {
	private index: VaultIndex | null = null;
	private state: RecallGraphState | null = null;
	/** The graph whose missing notes `settleAfterBuild` has taken out already. */
	private settledFor: MemoryGraph | null = null;
	/** The graph `settleAfterBuild` is working on: recall answers from the state before it meanwhile. */
	private settling: MemoryGraph | null = null;

	constructor(
		private readonly held: HeldNotes,
		private readonly settings: () => RecallSettings,
		private readonly createRandom: (() => () => number) | undefined,
	) {}

	follow(index: VaultIndex): void {
		this.index = index;
	}

	/** True while the index builds or its new graph is being settled: recall answers from what is read so far. */
	get partial(): boolean {
		return this.index?.partial !== null || this.settling !== null;
	}

	/** The current graph and its caches. */
	current(): RecallGraphState {
		if (!this.index) throw new Error("The recall service is not attached to a vault index; call attach(index) first.");
		const graph = this.index.graph;
		// Until `settleAfterBuild` is done with a new graph, recall stays on the one before (partial).
		if (this.settling === graph && this.state) return this.state;
		// While the first index runs, its graph holds only the notes read so far: the keyword
		// index (perhaps loaded from the cache) keeps the rest until the build is done.
		if (this.state?.graph !== graph && !this.index.partial) this.dropNotesOutside(graph);
		this.state = RecallGraphState.for(graph, this.settings(), this.state, this.createRandom);
		return this.state;
	}

	/**
	 * Takes out, in time slices, the notes the index's newly built graph lacks (notes of a cached
	 * keyword index deleted since), and builds the graph's supersedes index: the first recall
	 * would do both in one go, 100k lookups and a scan of every edge.
	 */
	async settleAfterBuild(timers: Timers, sliceMs?: number): Promise<void> {
		const graph = this.index?.graph;
		if (!graph || this.index?.partial || this.state?.graph === graph || this.settledFor === graph) return;
		const slicer = new TimeSlicer(timers, sliceMs);
		this.settling = graph;
		try {
			await slicer.forEach(this.held.ids(), (path) => this.dropIfOutside(graph, path));
			this.settledFor = graph;
			const superseded = await slicer.drain(SupersededIndex.stepwise(graph.graph));
			if (this.index?.graph !== graph || this.state?.graph === graph) superseded.dispose();
			else this.state = RecallGraphState.for(graph, this.settings(), this.state, this.createRandom, superseded);
		} finally {
			this.settling = null;
		}
	}

	/** Drops the graph caches. */
	dispose(): void {
		this.state?.dispose();
		this.state = null;
	}

	private dropNotesOutside(graph: MemoryGraph): void {
		if (this.settledFor === graph) return;
		for (const path of this.held.ids()) this.dropIfOutside(graph, path);
	}

	private dropIfOutside(graph: MemoryGraph, path: string): void {
		if (graph.hasNote(path) || !this.held.has(path)) return;
		this.held.drop(path);
	}
}
