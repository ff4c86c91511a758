import type { VaultFile } from "../model/vault";

/** What a note's file looked like when it was indexed. */
export interface IndexedStamp {
	path: string;
	mtime: number;
	size: number;
}

export interface VaultDifferences {
	/** Indexed notes now found under another path: same size and mtime, the only such pair. */
	renamed: { oldPath: string; path: string }[];
	/** Listed files the index does not hold, or holds with another size or mtime. */
	changed: string[];
	/** Indexed notes the listing no longer has. */
	removed: string[];
}

/**
 * How the vault's listing differs from what the index holds. A rename keeps a file's size and
 * mtime, so a vanished note and a new file that share both (and nobody else does) are taken
 * as one rename, keeping the note's history; everything else is a change or a removal.
 */
export function vaultDifferences(indexed: readonly IndexedStamp[], listed: readonly VaultFile[]): VaultDifferences {
	const listedPaths = new Set(listed.map((file) => file.path));
	const indexedByPath = new Map(indexed.map((stamp) => [stamp.path, stamp]));
	const vanished = indexed.filter((stamp) => !listedPaths.has(stamp.path));
	const added = listed.filter((file) => !indexedByPath.has(file.path));

	const vanishedByStamp = groupBy(vanished, stampKey);
	const addedByStamp = groupBy(added, stampKey);
	const renamed: VaultDifferences["renamed"] = [];
	const renamedPaths = new Set<string>();
	for (const [key, olds] of vanishedByStamp) {
		const news = addedByStamp.get(key);
		if (olds.length !== 1 || news?.length !== 1) continue;
		renamed.push({ oldPath: olds[0].path, path: news[0].path });
		renamedPaths.add(olds[0].path).add(news[0].path);
	}

	const changed = listed
		.filter((file) => {
			if (renamedPaths.has(file.path)) return false;
			const stamp = indexedByPath.get(file.path);
			return stamp === undefined || stamp.mtime !== file.mtime || stamp.size !== file.size;
		})
		.map((file) => file.path);
	const removed = vanished.filter((stamp) => !renamedPaths.has(stamp.path)).map((stamp) => stamp.path);
	return { renamed, changed, removed };
}

function stampKey(stamp: { mtime: number; size: number }): string {
	return `${stamp.mtime}:${stamp.size}`;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
	const groups = new Map<string, T[]>();
	for (const item of items) {
		const group = groups.get(key(item));
		if (group) group.push(item);
		else groups.set(key(item), [item]);
	}
	return groups;
}
