import { errorMessage } from "../../core/model/error-message";
import type { StoragePort } from "../../core/model/storage-port";
import { pairKey, pairOf } from "../../core/review/relationship-proposals";

const FILE = "review.json";
const FORMAT = 1;

interface StoredReview {
	format: number;
	/** At-risk memories the user let go, and when. */
	letGo: [path: string, at: number][];
	/** Beliefs the user called still true, with the reasons (reasonKey) they were in question for then. */
	stillTrue: [path: string, reasons: string[]][];
	/** Relationship proposals the user declined (pairKey). */
	declined: string[];
	/** Clusters the user dismissed: each its member paths, sorted (absent in files written before clusters were reviewed). */
	dismissedClusters?: string[][];
}

/**
 * What the user decided in the review queues, so nothing is asked twice: memories let go,
 * beliefs called still true (for the edge state they were asked about), declined relationship
 * proposals, dismissed clusters. Kept in the engine's storage beside the lifecycle states; follows renames and deletes.
 */
export class ReviewStore {
	private readonly letGoAt = new Map<string, number>();
	private readonly stillTrueFor = new Map<string, Set<string>>();
	private readonly declinedPairs = new Set<string>();
	/** clusterKey → the member paths. */
	private readonly dismissed = new Map<string, string[]>();
	private changes = 0;
	/** Saves run one after the other, so an older state never lands after a newer one. */
	private saving: Promise<void> = Promise.resolve();

	private constructor(private readonly storage: StoragePort) {}

	/** Loads the saved decisions; an unreadable file is reported through `warn`, and the queues start empty of decisions. */
	static async open(storage: StoragePort, warn: (message: string) => void): Promise<ReviewStore> {
		const store = new ReviewStore(storage);
		const text = await storage.read(FILE);
		if (text === null) return store;
		try {
			const saved = JSON.parse(text) as StoredReview;
			if (saved.format !== FORMAT) throw new Error(`unknown format ${String(saved.format)}`);
			for (const [path, at] of saved.letGo) store.letGoAt.set(path, at);
			for (const [path, reasons] of saved.stillTrue) store.stillTrueFor.set(path, new Set(reasons));
			for (const key of saved.declined) store.declinedPairs.add(key);
			for (const members of saved.dismissedClusters ?? [])
				store.dismissed.set(clusterKey(members), [...members].sort());
		} catch (error) {
			warn(`${FILE} could not be read (${errorMessage(error)}); review decisions start again`);
		}
		return store;
	}

	/** Bumped on every change, so cached queues know they are stale. */
	get version(): number {
		return this.changes;
	}

	isLetGo(path: string): boolean {
		return this.letGoAt.has(path);
	}

	letGo(path: string, at: number): Promise<void> {
		this.letGoAt.set(path, at);
		return this.changed();
	}

	/** Whether the user called the belief still true for every one of `reasons`. */
	isStillTrue(path: string, reasons: readonly string[]): boolean {
		const dismissed = this.stillTrueFor.get(path);
		return dismissed !== undefined && reasons.every((reason) => dismissed.has(reason));
	}

	stillTrue(path: string, reasons: readonly string[]): Promise<void> {
		this.stillTrueFor.set(path, new Set(reasons));
		return this.changed();
	}

	isDeclined(key: string): boolean {
		return this.declinedPairs.has(key);
	}

	decline(key: string): Promise<void> {
		this.declinedPairs.add(key);
		return this.changed();
	}

	/** Whether the user dismissed a cluster of exactly these members (in any order). */
	isDismissedCluster(members: readonly string[]): boolean {
		return this.dismissed.has(clusterKey(members));
	}

	dismissCluster(members: readonly string[]): Promise<void> {
		this.dismissed.set(clusterKey(members), [...members].sort());
		return this.changed();
	}

	/** A note was renamed: its decisions go with it. */
	rename(from: string, to: string): Promise<void> {
		const at = this.letGoAt.get(from);
		const reasons = this.stillTrueFor.get(from);
		const pairs = [...this.declinedPairs].filter((key) => pairOf(key).includes(from));
		const clusters = [...this.dismissed.values()].filter((members) => members.includes(from));
		if (at === undefined && reasons === undefined && pairs.length === 0 && clusters.length === 0)
			return Promise.resolve();
		this.forget(from);
		if (at !== undefined) this.letGoAt.set(to, at);
		if (reasons !== undefined) this.stillTrueFor.set(to, reasons);
		for (const key of pairs) {
			const [a, b] = pairOf(key);
			this.declinedPairs.add(pairKey(a === from ? to : a, b === from ? to : b));
		}
		for (const members of clusters) {
			const renamed = members.map((path) => (path === from ? to : path)).sort();
			this.dismissed.set(clusterKey(renamed), renamed);
		}
		return this.changed();
	}

	/** A note was deleted: a new note of the same name starts without its decisions. */
	remove(path: string): Promise<void> {
		return this.forget(path) ? this.changed() : Promise.resolve();
	}

	private forget(path: string): boolean {
		let found = this.letGoAt.delete(path);
		found = this.stillTrueFor.delete(path) || found;
		for (const key of [...this.declinedPairs])
			if (pairOf(key).includes(path)) found = this.declinedPairs.delete(key) || found;
		for (const [key, members] of [...this.dismissed])
			if (members.includes(path)) found = this.dismissed.delete(key) || found;
		return found;
	}

	private async changed(): Promise<void> {
		this.changes++;
		const stored: StoredReview = {
			format: FORMAT,
			letGo: [...this.letGoAt],
			stillTrue: [...this.stillTrueFor].map(([path, reasons]) => [path, [...reasons]]),
			declined: [...this.declinedPairs],
			dismissedClusters: [...this.dismissed.values()],
		};
		const data = JSON.stringify(stored);
		const write = this.saving.then(() => this.storage.writeAtomic(FILE, data));
		this.saving = write.catch(() => undefined);
		await write;
	}
}

/** One key per member set, whatever the order. */
function clusterKey(members: readonly string[]): string {
	return JSON.stringify([...members].sort());
}
