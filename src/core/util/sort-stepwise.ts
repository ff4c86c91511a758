/** Comparisons between two yields: well under a millisecond. */
const STEP_WORK = 512;
/** Blocks this long are insertion-sorted before merging. */
const RUN = 32;

/**
 * Sorts `items` in place exactly as the stable `Array#sort` would, in steps of a few hundred
 * comparisons (a generator for TimeSlicer.drain): sorting 100k paths in one go held the thread
 * for 100–500 ms. Bottom-up merge sort; a merge of two blocks already in order costs one comparison.
 */
export function* sortStepwise<T>(items: T[], compare: (a: T, b: T) => number): Generator<void, void> {
	const n = items.length;
	let work = 0;
	for (let start = 0; start < n; start += RUN) {
		const end = Math.min(start + RUN, n);
		for (let i = start + 1; i < end; i++) {
			const item = items[i];
			let j = i - 1;
			for (; j >= start && compare(items[j], item) > 0; j--) items[j + 1] = items[j];
			items[j + 1] = item;
			work += i - j;
		}
		if (work >= STEP_WORK) {
			work = 0;
			yield;
		}
	}
	let from = items;
	let to: T[] = new Array<T>(n);
	for (let width = RUN; width < n; width *= 2) {
		for (let left = 0; left < n; left += 2 * width) {
			const mid = Math.min(left + width, n);
			const right = Math.min(left + 2 * width, n);
			let i = left;
			let j = mid;
			let out = left;
			if (mid < right && compare(from[mid - 1], from[mid]) > 0) {
				while (i < mid && j < right) {
					// Ties take the left item first: stable.
					to[out++] = compare(from[j], from[i]) < 0 ? from[j++] : from[i++];
					if (++work >= STEP_WORK) {
						work = 0;
						yield;
					}
				}
			}
			while (i < mid) to[out++] = from[i++];
			while (j < right) to[out++] = from[j++];
			work += (right - left) >>> 4;
			if (work >= STEP_WORK) {
				work = 0;
				yield;
			}
		}
		[from, to] = [to, from];
	}
	if (from !== items) for (let i = 0; i < n; i++) items[i] = from[i];
}
