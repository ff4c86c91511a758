import { CommunityWeights, NodeQueue, pointerArray, type PointerArray } from "./louvain-sparse";

/** A directed multigraph as columns: edge e runs from node `sources[e]` to node `targets[e]`. */
export interface WeightedEdges {
	nodeCount: number;
	sources: ArrayLike<number>;
	targets: ArrayLike<number>;
	weights: ArrayLike<number>;
}

const EPSILON = 1e-10;

/**
 * Louvain communities by directed modularity (Dugué and Perez), the algorithm of
 * graphology-communities-louvain 2.0.2 with fast local moves and no random walk, over typed
 * arrays only: a graphology graph of 100k notes held ≈ 80 MB more in the maintenance worker at
 * startup's peak. Nodes are visited in index order and edges taken in the given order, as the
 * library takes a graph's nodes and edges in insertion order; the answer (each node's community)
 * is the library's to the number (tests/core/recall/communities/directed-louvain.test.ts).
 */
export function directedLouvain(edges: WeightedEdges, resolution: number): Int32Array {
	const index = new LouvainIndex(edges, resolution);
	const communities = new CommunityWeights(index.C);
	const queue = new NodeQueue(index.C);
	let moveWasMade = true;
	while (moveWasMade) {
		moveWasMade = false;
		for (let i = 0; i < index.C; i++) queue.enqueue(i);
		while (queue.size !== 0) {
			const i = queue.dequeue();
			let inDegree = 0;
			let outDegree = 0;
			communities.clear();
			const currentCommunity = index.belongings[i];
			const end = index.starts[i + 1];
			const offset = index.offsets[i];
			for (let at = index.starts[i]; at < end; at++) {
				const weight = index.weights[at];
				if (at < offset) outDegree += weight;
				else inDegree += weight;
				communities.add(index.belongings[index.neighborhood[at]], weight);
			}
			let bestDelta = index.deltaWithOwnCommunity(
				i,
				inDegree,
				outDegree,
				// `||`, not `??`: the library's, which also turns NaN into 0.
				communities.get(currentCommunity) || 0,
				currentCommunity,
			);
			let bestCommunity = currentCommunity;
			for (let ci = 0; ci < communities.size; ci++) {
				const targetCommunity = communities.dense[ci];
				if (targetCommunity === currentCommunity) continue;
				const delta = index.delta(i, inDegree, outDegree, communities.vals[ci], targetCommunity);
				if (isBetter(bestCommunity, currentCommunity, targetCommunity, delta, bestDelta)) {
					bestDelta = delta;
					bestCommunity = targetCommunity;
				}
			}
			if (bestDelta < 0) {
				// Back to a community of its own (possible with a resolution other than 1).
				bestCommunity = index.isolate(i, inDegree, outDegree);
				if (bestCommunity === currentCommunity) continue;
			} else {
				if (bestCommunity === currentCommunity) continue;
				index.move(i, inDegree, outDegree, bestCommunity);
			}
			moveWasMade = true;
			for (let at = index.starts[i]; at < end; at++) {
				const j = index.neighborhood[at];
				if (index.belongings[j] !== bestCommunity) queue.enqueue(j);
			}
		}
		if (moveWasMade) index.zoomOut();
	}
	return Int32Array.from(index.mapping);
}

/** The library's tie-break: within 1e-10, stay, else the higher community number. */
function isBetter(best: number, current: number, target: number, delta: number, bestDelta: number): boolean {
	if (Math.abs(delta - bestDelta) < EPSILON) return best === current ? false : target > best;
	return delta > bestDelta;
}

/**
 * The library's DirectedLouvainIndex: each node's links in one run of `neighborhood`, out-links
 * from `starts[i]` to `offsets[i]`, in-links from there to `starts[i + 1]`; after each level the
 * communities become the nodes (`zoomOut`) and `mapping` follows each original node.
 * Element types are the library's (see louvain-sparse.ts).
 */
class LouvainIndex {
	C: number;
	M = 0;
	E: number;
	U = 0;
	neighborhood: PointerArray;
	weights: Float64Array;
	readonly loops: Float64Array;
	readonly starts: PointerArray;
	readonly offsets: PointerArray;
	readonly belongings: PointerArray;
	readonly counts: PointerArray;
	readonly unused: PointerArray;
	readonly totalInWeights: Float64Array;
	readonly totalOutWeights: Float64Array;
	readonly mapping: PointerArray;

	constructor(
		{ nodeCount, sources, targets, weights }: WeightedEdges,
		private readonly resolution: number,
	) {
		let selfLoops = 0;
		for (let e = 0; e < sources.length; e++) if (sources[e] === targets[e]) selfLoops++;
		const size = (sources.length - selfLoops) * 2;
		this.C = nodeCount;
		this.E = size;
		this.neighborhood = pointerArray(nodeCount + 1, size);
		this.weights = new Float64Array(size);
		this.loops = new Float64Array(nodeCount);
		this.starts = pointerArray(size, nodeCount + 1);
		this.offsets = pointerArray(size, nodeCount);
		this.belongings = pointerArray(nodeCount + 1, nodeCount);
		this.counts = pointerArray(nodeCount + 1, nodeCount);
		this.unused = pointerArray(nodeCount + 1, nodeCount);
		this.totalInWeights = new Float64Array(nodeCount);
		this.totalOutWeights = new Float64Array(nodeCount);

		const outDegrees = new Uint32Array(nodeCount);
		const inDegrees = new Uint32Array(nodeCount);
		for (let e = 0; e < sources.length; e++) {
			if (sources[e] === targets[e]) continue;
			outDegrees[sources[e]]++;
			inDegrees[targets[e]]++;
		}
		let n = 0;
		for (let i = 0; i < nodeCount; i++) {
			n += outDegrees[i];
			this.starts[i] = n;
			n += inDegrees[i];
			this.offsets[i] = n;
			this.belongings[i] = i;
			this.counts[i] = 1;
		}
		// Filled from each run's end backwards, as the library does.
		for (let e = 0; e < sources.length; e++) {
			const source = sources[e];
			const target = targets[e];
			const weight = weights[e];
			this.M += weight;
			if (source === target) {
				this.loops[source] += weight;
				this.totalInWeights[source] += weight;
				this.totalOutWeights[source] += weight;
				continue;
			}
			this.totalOutWeights[source] += weight;
			this.totalInWeights[target] += weight;
			// The value of `--`, not what the array holds after it: where an element wraps (see
			// louvain-sparse.ts) the library writes to index -1, which does nothing.
			const atSource = --this.starts[source];
			const atTarget = --this.offsets[target];
			this.neighborhood[atSource] = target;
			this.neighborhood[atTarget] = source;
			this.weights[atSource] = weight;
			this.weights[atTarget] = weight;
		}
		this.starts[nodeCount] = this.E;
		this.mapping = this.belongings.slice();
	}

	isolate(i: number, inDegree: number, outDegree: number): number {
		const currentCommunity = this.belongings[i];
		if (this.counts[currentCommunity] === 1) return currentCommunity;
		const newCommunity = this.unused[--this.U];
		const loops = this.loops[i];
		this.totalInWeights[currentCommunity] -= inDegree + loops;
		this.totalInWeights[newCommunity] += inDegree + loops;
		this.totalOutWeights[currentCommunity] -= outDegree + loops;
		this.totalOutWeights[newCommunity] += outDegree + loops;
		this.belongings[i] = newCommunity;
		this.counts[currentCommunity]--;
		this.counts[newCommunity]++;
		return newCommunity;
	}

	move(i: number, inDegree: number, outDegree: number, targetCommunity: number): void {
		const currentCommunity = this.belongings[i];
		const loops = this.loops[i];
		this.totalInWeights[currentCommunity] -= inDegree + loops;
		this.totalInWeights[targetCommunity] += inDegree + loops;
		this.totalOutWeights[currentCommunity] -= outDegree + loops;
		this.totalOutWeights[targetCommunity] += outDegree + loops;
		this.belongings[i] = targetCommunity;
		const nowEmpty = this.counts[currentCommunity]-- === 1;
		this.counts[targetCommunity]++;
		if (nowEmpty) this.unused[this.U++] = currentCommunity;
	}

	delta(i: number, inDegree: number, outDegree: number, communityDegree: number, community: number): number {
		const loops = this.loops[i];
		inDegree += loops;
		outDegree += loops;
		return (
			communityDegree / this.M -
			((outDegree * this.totalInWeights[community] + inDegree * this.totalOutWeights[community]) * this.resolution) /
				(this.M * this.M)
		);
	}

	deltaWithOwnCommunity(
		i: number,
		inDegree: number,
		outDegree: number,
		communityDegree: number,
		community: number,
	): number {
		const loops = this.loops[i];
		inDegree += loops;
		outDegree += loops;
		return (
			communityDegree / this.M -
			((outDegree * (this.totalInWeights[community] - inDegree) +
				inDegree * (this.totalOutWeights[community] - outDegree)) *
				this.resolution) /
				(this.M * this.M)
		);
	}

	/**
	 * Communities become nodes, numbered in the order their first member comes; links between
	 * two of them are summed, a community's own links become its loop. Each node's out-links and
	 * in-links are listed by ascending community number (the library's objects keyed by number),
	 * each sum taken over the members in node order, as the library adds them.
	 */
	zoomOut(): void {
		const nodeCount = this.C;
		const label = new Int32Array(nodeCount).fill(-1);
		const previousLabel = new Int32Array(nodeCount);
		let count = 0;
		for (let i = 0; i < nodeCount; i++) {
			const community = this.belongings[i];
			if (label[community] < 0) {
				label[community] = count;
				previousLabel[count++] = community;
			}
			this.belongings[i] = label[community];
		}
		for (let i = 0; i < this.mapping.length; i++) this.mapping[i] = this.belongings[this.mapping[i]];

		const firstMember = new Int32Array(count + 1);
		for (let i = 0; i < nodeCount; i++) firstMember[this.belongings[i] + 1]++;
		for (let c = 0; c < count; c++) firstMember[c + 1] += firstMember[c];
		const members = new Int32Array(nodeCount);
		const filled = firstMember.slice(0, count);
		for (let i = 0; i < nodeCount; i++) members[filled[this.belongings[i]]++] = i;

		const nextNeighborhood = this.neighborhood.slice();
		const nextWeights = new Float64Array(this.weights.length);
		const nextStarts = new Float64Array(count);
		const nextOffsets = new Float64Array(count);
		const nextLoops = new Float64Array(count);
		const nextTotalIn = new Float64Array(count);
		const nextTotalOut = new Float64Array(count);
		const outSums = new LinkSums(count);
		const inSums = new LinkSums(count);
		let n = 0;
		for (let c = 0; c < count; c++) {
			nextTotalIn[c] = this.totalInWeights[previousLabel[c]];
			nextTotalOut[c] = this.totalOutWeights[previousLabel[c]];
			let internal = 0;
			for (let m = firstMember[c]; m < firstMember[c + 1]; m++) {
				const i = members[m];
				const offset = this.offsets[i];
				internal += this.loops[i];
				for (let at = this.starts[i], end = this.starts[i + 1]; at < end; at++) {
					const other = this.belongings[this.neighborhood[at]];
					const out = at < offset;
					if (other === c) {
						if (out) internal += this.weights[at];
						continue;
					}
					(out ? outSums : inSums).add(other, this.weights[at]);
				}
			}
			nextLoops[c] = internal;
			nextStarts[c] = n;
			n = outSums.drainAscending(nextNeighborhood, nextWeights, n);
			nextOffsets[c] = n;
			n = inSums.drainAscending(nextNeighborhood, nextWeights, n);
		}

		this.neighborhood = nextNeighborhood;
		this.weights = nextWeights;
		for (let c = 0; c < count; c++) {
			this.totalInWeights[c] = nextTotalIn[c];
			this.totalOutWeights[c] = nextTotalOut[c];
			this.loops[c] = nextLoops[c];
			this.counts[c] = 1;
			this.starts[c] = nextStarts[c];
			this.belongings[c] = c;
			this.offsets[c] = nextOffsets[c];
		}
		this.C = count;
		this.starts[count] = n;
		this.E = n;
		this.U = 0;
	}
}

/** Link weight per neighbouring community while one community's members are read. */
class LinkSums {
	private readonly sums: Float64Array;
	private readonly seen: Uint8Array;
	private readonly communities: Int32Array;
	private size = 0;

	constructor(communityCount: number) {
		this.sums = new Float64Array(communityCount);
		this.seen = new Uint8Array(communityCount);
		this.communities = new Int32Array(communityCount);
	}

	add(community: number, weight: number): void {
		if (this.seen[community] === 0) {
			this.seen[community] = 1;
			this.sums[community] = 0;
			this.communities[this.size++] = community;
		}
		this.sums[community] += weight;
	}

	/** Writes the sums by ascending community from `at` on, forgets them, and returns where it stopped. */
	drainAscending(neighborhood: PointerArray, weights: Float64Array, at: number): number {
		const communities = this.communities.subarray(0, this.size).sort();
		for (const community of communities) {
			neighborhood[at] = community;
			weights[at++] = this.sums[community];
			this.seen[community] = 0;
		}
		this.size = 0;
		return at;
	}
}
