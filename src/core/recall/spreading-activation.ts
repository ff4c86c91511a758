import type { MemoryGraphology } from "../graph/memory-graph";
import type { SpreadingSettings } from "../model/recall-settings";
import { NodeCache } from "./node-cache";
import { isTowardsCause, strongestLinks, type Link, type PathStep } from "./strongest-links";

export type { PathStep };

export interface Seed {
	id: string;
	/** Its fused query relevance, in [0, 1]. */
	activation: number;
}

export interface SpreadHit {
	id: string;
	/** Activation that reached the node from the seeds (not its own seed activation), in [0, 1]. */
	activation: number;
	/** The strongest single path that reached it: seed first, the node last. */
	path: string[];
	/** `edges[i]` joins `path[i]` and `path[i + 1]`. */
	edges: PathStep[];
}

export interface SpreadOptions {
	/** Community of a note; a hop out of the path's seed community is penalised. Unknown = no penalty. */
	communityOf?: (id: string) => number | undefined;
	/**
	 * The query asks why: a hop towards a memory's causes or evidence passes on `whyFactor` times
	 * more (at most everything) and is not penalised for leaving the community.
	 */
	asksWhy?: boolean;
}

interface Arrival {
	id: string;
	/** Combined activation that arrived at this hop (what the node passes on at the next hop). */
	amount: number;
	/** The best single contribution so far at this hop: it came from `via` over `step`. */
	best: number;
	via: Arrival | null;
	step: PathStep | null;
	seedCommunity: number | undefined;
}

/**
 * Spreading activation from query hits over the typed memory graph, along edges in both
 * directions (a causal link makes each memory relevant to the other):
 *
 *   contribution = activation(u) × hopDecay × edgeWeight(type) × [downstreamFactor]
 *                  × [communityPenalty] ÷ (1 + ln edges(u))
 *
 * where edges(u) counts u's edges of the hop's type for a hop towards a cause or evidence, and
 * all of u's edges otherwise (see strongestLinks). Only the `maxNeighbours` strongest links of a
 * node are followed, and the fan-out divisor keeps a hub from flooding the results (and, with
 * `minActivation`, from costing time: most of a hub's links pass on too little and are cut
 * off in strength order). Contributions arriving
 * at a node combine as a noisy-OR (1 − Π(1 − c)), so convergent paths add up but never pass
 * 1. A path never returns to a node it already went through.
 *
 * Holds a cache of each node's strongest links that follows the graph's edge events; keep
 * one instance per graph and settings, and `dispose()` it when the graph is dropped.
 */
export class SpreadingActivation {
	private readonly links: NodeCache<Link[]>;

	constructor(
		private readonly graph: MemoryGraphology,
		private readonly settings: SpreadingSettings,
	) {
		this.links = new NodeCache(graph, (node) => strongestLinks(graph, node, settings));
	}

	/**
	 * Every node the seeds reach (a seed too, when another seed reaches it), with the activation
	 * that arrived and the strongest single path, for the `why`.
	 */
	spread(seeds: readonly Seed[], options: SpreadOptions = {}): Map<string, SpreadHit> {
		const { settings } = this;
		const communityOf = options.communityOf ?? (() => undefined);
		const whyBoost = options.asksWhy === true && settings.whyFactor > 1 ? settings.whyFactor : 1;
		const reached = new Map<string, Reached>();
		let frontier = new Map<string, Arrival>();
		for (const seed of seeds) {
			if (!(seed.activation >= 0 && seed.activation <= 1)) {
				throw new RangeError(
					`Seed "${seed.id}" has activation ${seed.activation}; seed activations must be from 0 to 1.`,
				);
			}
			if (!this.graph.hasNode(seed.id) || seed.activation <= 0) continue;
			const previous = frontier.get(seed.id);
			if (previous && previous.amount >= seed.activation) continue;
			const community = communityOf(seed.id);
			frontier.set(seed.id, {
				id: seed.id,
				amount: seed.activation,
				best: seed.activation,
				via: null,
				step: null,
				seedCommunity: community,
			});
		}
		for (let hop = 0; hop < settings.hops && frontier.size > 0; hop++) {
			const next = new Map<string, Arrival>();
			for (const from of frontier.values()) {
				// Checked before the links are looked up (no link passes on more than the whole): a weak arrival stops here.
				const outgoing = from.amount * settings.hopDecay;
				if (outgoing < settings.minActivation) continue;
				const fromCommunity = communityOf(from.id);
				for (const link of this.links.get(from.id)) {
					let contribution = outgoing * link.weight;
					// Links come strongest first: once even a boosted cause would pass on too little, every later link would.
					if (contribution * whyBoost < settings.minActivation) break;
					const towardsCause = whyBoost > 1 && isTowardsCause(link.step);
					if (towardsCause) contribution = Math.min(1, contribution * whyBoost);
					if (contribution < settings.minActivation) continue;
					if (passesThrough(from, link.neighbour)) continue;
					if (!towardsCause && leavesSeedCommunity(from.seedCommunity, fromCommunity, communityOf(link.neighbour))) {
						contribution *= settings.communityPenalty;
						if (contribution < settings.minActivation) continue;
					}
					arrive(next, from, link, contribution);
				}
			}
			for (const arrival of next.values()) record(reached, arrival);
			frontier = next;
		}
		return new Map([...reached.values()].map((entry) => [entry.id, hitOf(entry)]));
	}

	/** Stops following the graph's changes. */
	dispose(): void {
		this.links.dispose();
	}
}

/** One spreading run without keeping a link cache (tests, one-off calls). */
export function spreadActivation(
	graph: MemoryGraphology,
	seeds: readonly Seed[],
	settings: SpreadingSettings,
	options: SpreadOptions = {},
): Map<string, SpreadHit> {
	const spreading = new SpreadingActivation(graph, settings);
	try {
		return spreading.spread(seeds, options);
	} finally {
		spreading.dispose();
	}
}

function leavesSeedCommunity(seed: number | undefined, from: number | undefined, to: number | undefined): boolean {
	return seed !== undefined && to !== undefined && from === seed && to !== seed;
}

function passesThrough(arrival: Arrival, id: string): boolean {
	for (let at: Arrival | null = arrival; at; at = at.via) if (at.id === id) return true;
	return false;
}

function arrive(next: Map<string, Arrival>, from: Arrival, link: Link, contribution: number): void {
	const existing = next.get(link.neighbour);
	if (!existing) {
		next.set(link.neighbour, {
			id: link.neighbour,
			amount: contribution,
			best: contribution,
			via: from,
			step: link.step,
			seedCommunity: from.seedCommunity,
		});
		return;
	}
	existing.amount = noisyOr(existing.amount, contribution);
	if (contribution > existing.best) {
		existing.best = contribution;
		existing.via = from;
		existing.step = link.step;
		existing.seedCommunity = from.seedCommunity;
	}
}

/** A reached node: its combined activation and the arrival whose single contribution was strongest. */
interface Reached {
	id: string;
	activation: number;
	best: Arrival;
}

function record(reached: Map<string, Reached>, arrival: Arrival): void {
	const entry = reached.get(arrival.id);
	if (!entry) {
		reached.set(arrival.id, { id: arrival.id, activation: arrival.amount, best: arrival });
		return;
	}
	entry.activation = noisyOr(entry.activation, arrival.amount);
	if (arrival.best > entry.best.best) entry.best = arrival;
}

function hitOf(entry: Reached): SpreadHit {
	const path: string[] = [];
	const edges: PathStep[] = [];
	for (let at: Arrival | null = entry.best; at; at = at.via) {
		path.push(at.id);
		if (at.step) edges.push({ ...at.step });
	}
	return { id: entry.id, activation: entry.activation, path: path.reverse(), edges: edges.reverse() };
}

export function noisyOr(a: number, b: number): number {
	return 1 - (1 - a) * (1 - b);
}
