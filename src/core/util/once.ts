/** A function that builds the value on its first call and returns that same value afterwards. */
export function once<T>(build: () => T): () => T {
	let built: { value: T } | null = null;
	return () => (built ??= { value: build() }).value;
}
