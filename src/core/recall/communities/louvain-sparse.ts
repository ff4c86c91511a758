/**
 * The two sparse structures graphology-communities-louvain (2.0.2) visits with, from mnemonist,
 * rewritten here with the same behaviour so that directed-louvain.ts gives its answer to the bit:
 * the same element types (an index of exactly 2⁸ or 2¹⁶ wraps as it does there) and the same order.
 */

export type PointerArray = Uint8Array | Uint16Array | Uint32Array;

/** mnemonist's getPointerArray: the smallest unsigned array whose elements hold `size - 1`. */
export function pointerArray(size: number, length: number = size): PointerArray {
	const maxIndex = size - 1;
	if (maxIndex <= 0xff) return new Uint8Array(length);
	if (maxIndex <= 0xffff) return new Uint16Array(length);
	return new Uint32Array(length);
}

/** Weight per community for the node being visited, in the order the communities were first met. */
export class CommunityWeights {
	size = 0;
	readonly dense: PointerArray;
	readonly vals: Float64Array;
	private readonly sparse: PointerArray;

	constructor(length: number) {
		this.dense = pointerArray(length);
		this.sparse = pointerArray(length);
		this.vals = new Float64Array(length);
	}

	clear(): void {
		this.size = 0;
	}

	get(community: number): number | undefined {
		const index = this.sparse[community];
		return index < this.size && this.dense[index] === community ? this.vals[index] : undefined;
	}

	add(community: number, weight: number): void {
		const index = this.sparse[community];
		if (index < this.size && this.dense[index] === community) {
			this.vals[index] += weight;
			return;
		}
		this.dense[this.size] = community;
		this.sparse[community] = this.size;
		this.vals[this.size] = weight;
		this.size++;
	}
}

/** A first-in first-out queue of distinct nodes over a ring of `capacity` slots (mnemonist's SparseQueueSet). */
export class NodeQueue {
	size = 0;
	private start = 0;
	private readonly dense: PointerArray;
	private readonly sparse: PointerArray;

	constructor(private readonly capacity: number) {
		this.dense = pointerArray(capacity);
		this.sparse = pointerArray(capacity);
	}

	enqueue(node: number): void {
		let index = this.sparse[node];
		if (this.size !== 0) {
			// The precedence is the original's: (inside the window, unwrapped) or (before its wrapped end).
			const inBounds =
				(index < this.capacity && index >= this.start && index < this.start + this.size) ||
				index < (this.start + this.size) % this.capacity;
			if (inBounds && this.dense[index] === node) return;
		}
		index = (this.start + this.size) % this.capacity;
		this.dense[index] = node;
		this.sparse[node] = index;
		this.size++;
	}

	dequeue(): number {
		const index = this.start;
		this.size--;
		this.start++;
		if (this.start === this.capacity) this.start = 0;
		const node = this.dense[index];
		this.sparse[node] = this.capacity;
		return node;
	}
}
