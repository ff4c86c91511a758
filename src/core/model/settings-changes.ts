/**
 * Merge on save: a settings change is saved as the leaves it changed, written over what the file
 * holds now, so a save never drops a field it did not change (a token generated meanwhile, an
 * edit made by sync or by hand). Arrays and scalars are leaves; plain objects are walked.
 */

export type SettingPath = readonly string[];

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function sameLeaf(a: unknown, b: unknown): boolean {
	return a === b || (Array.isArray(a) && Array.isArray(b) && JSON.stringify(a) === JSON.stringify(b));
}

/** The paths of every leaf that differs between `before` and `after` (added and removed keys included). */
export function changedPaths(before: unknown, after: unknown, at: readonly string[] = []): SettingPath[] {
	if (before === after) return [];
	if (!isPlainObject(before) || !isPlainObject(after)) return sameLeaf(before, after) ? [] : [at];
	const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
	return [...keys].flatMap((key) => changedPaths(before[key], after[key], [...at, key]));
}

function valueAt(source: unknown, path: SettingPath): unknown {
	let at = source;
	for (const key of path) at = isPlainObject(at) ? at[key] : undefined;
	return at;
}

/** `saved` with the leaves at `paths` taken from `settings` (undefined removes the key); `saved` itself is not changed. */
export function withChanges(
	saved: Record<string, unknown>,
	settings: unknown,
	paths: readonly SettingPath[],
): Record<string, unknown> {
	const result = structuredClone(saved);
	for (const path of paths) {
		if (path.length === 0) continue;
		let parent = result;
		for (const key of path.slice(0, -1)) {
			if (!isPlainObject(parent[key])) parent[key] = {};
			parent = parent[key] as Record<string, unknown>;
		}
		const leaf = path[path.length - 1];
		const value = valueAt(settings, path);
		if (value === undefined) delete parent[leaf];
		else parent[leaf] = structuredClone(value);
	}
	return result;
}

/**
 * `next`, with every part that equals the same part of `previous` taken from `previous`: settings
 * read again from a file keep the objects of what did not change, so caches keyed on them (the
 * recall graph state keys on `recall.spreading` and `recall.communities`) stay valid.
 */
export function keepingUnchanged<T>(previous: T, next: T): T {
	if (changedPaths(previous, next).length === 0) return previous;
	if (!isPlainObject(previous) || !isPlainObject(next)) return next;
	const result: Record<string, unknown> = {};
	for (const key of Object.keys(next)) result[key] = keepingUnchanged(previous[key], next[key]);
	return result as T;
}
