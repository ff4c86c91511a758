import type { VaultFile } from "../model/vault";
import { runToEnd } from "./memory-graph";

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
	return runToEnd(vaultDifferencesStepwise(indexed, listed));
}

/** `vaultDifferences` in steps of one note, for a caller that yields the thread between slices (see TimeSlicer.drain). */
export function* vaultDifferencesStepwise(
	indexed: readonly IndexedStamp[],
	listed: readonly VaultFile[],
): Generator<void, VaultDifferences> {
	const listedPaths = new Set<string>();
	for (const file of listed) {
		listedPaths.add(file.path);
		yield;
	}
	const indexedByPath = new Map<string, IndexedStamp>();
	for (const stamp of indexed) {
		indexedByPath.set(stamp.path, stamp);
		yield;
	}
	const vanished = indexed.filter((stamp) => !listedPaths.has(stamp.path));
	yield;
	const added = listed.filter((file) => !indexedByPath.has(file.path));
	yield;

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

	const changed: string[] = [];
	for (const file of listed) {
		const stamp = indexedByPath.get(file.path);
		const differs = stamp === undefined || stamp.mtime !== file.mtime || stamp.size !== file.size;
		if (differs && !renamedPaths.has(file.path)) changed.push(file.path);
		yield;
	}
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
