/** Items (note paths) each in at most one group, looked up both ways: an item's key, and a key's items. */
export class Grouping<K> {
	private readonly keys = new Map<string, K>();
	private readonly groups = new Map<K, Set<string>>();

	/** How many items are in a group. */
	get size(): number {
		return this.keys.size;
	}

	keyOf(item: string): K | undefined {
		return this.keys.get(item);
	}

	itemsWith(key: K): ReadonlySet<string> | undefined {
		return this.groups.get(key);
	}

	/** Puts `item` in the group of `key`, out of any other; undefined takes it out of all. */
	set(item: string, key: K | undefined): void {
		if (this.keys.has(item) && this.keys.get(item) === key) return;
		this.delete(item);
		if (key === undefined) return;
		this.keys.set(item, key);
		let items = this.groups.get(key);
		if (items === undefined) this.groups.set(key, (items = new Set()));
		items.add(item);
	}

	delete(item: string): void {
		if (!this.keys.has(item)) return;
		const key = this.keys.get(item) as K;
		this.keys.delete(item);
		const items = this.groups.get(key);
		items?.delete(item);
		if (items?.size === 0) this.groups.delete(key);
	}

	/** Moves `oldItem`'s place to `newItem`; an `oldItem` in no group leaves `newItem` as it was. */
	rename(oldItem: string, newItem: string): void {
		const key = this.keys.get(oldItem);
		this.delete(oldItem);
		if (key !== undefined) this.set(newItem, key);
	}
}
