/**
 * The k-th smallest value (0-based) of `values`, found by quickselect in place: O(n) on average,
 * reorders `values`. Hoare partitioning keeps it fast when many values are equal (most vaults
 * have lots of orphans at 0).
 */
export function selectKth(values: Float64Array, k: number): number {
	let left = 0;
	let right = values.length - 1;
	while (left < right) {
		const pivot = medianOfThree(values[left], values[(left + right) >> 1], values[right]);
		let i = left;
		let j = right;
		while (i <= j) {
			while (values[i] < pivot) i++;
			while (values[j] > pivot) j--;
			if (i <= j) {
				const swap = values[i];
				values[i] = values[j];
				values[j] = swap;
				i++;
				j--;
			}
		}
		if (k <= j) right = j;
		else if (k >= i) left = i;
		else return values[k];
	}
	return values[k];
}

function medianOfThree(a: number, b: number, c: number): number {
	return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}
