export type EventCallback = (...data: unknown[]) => unknown;

/** What `on` returns; pass it to `offref` (or `Component.registerEvent`) to unsubscribe. */
export interface EventRef {
	e: Events;
	name: string;
	fn: EventCallback;
	ctx?: unknown;
}

/**
 * Obsidian's event emitter. Like the app, `trigger` calls listeners synchronously in
 * registration order and catches what they throw (the app logs it; the fake keeps it in
 * `Events.listenerErrors` so a test can assert that no listener failed).
 */
export class Events {
	static readonly listenerErrors: unknown[] = [];
	private readonly refsByName = new Map<string, EventRef[]>();

	on(name: string, callback: EventCallback, ctx?: unknown): EventRef {
		const ref: EventRef = { e: this, name, fn: callback, ctx };
		const refs = this.refsByName.get(name) ?? [];
		refs.push(ref);
		this.refsByName.set(name, refs);
		return ref;
	}

	off(name: string, callback: EventCallback): void {
		const refs = this.refsByName.get(name);
		if (!refs) return;
		this.setRefs(
			name,
			refs.filter((ref) => ref.fn !== callback),
		);
	}

	offref(ref: EventRef): void {
		const refs = this.refsByName.get(ref.name);
		if (!refs) return;
		this.setRefs(
			ref.name,
			refs.filter((candidate) => candidate !== ref),
		);
	}

	trigger(name: string, ...data: unknown[]): void {
		for (const ref of [...(this.refsByName.get(name) ?? [])]) this.tryTrigger(ref, data);
	}

	tryTrigger(ref: EventRef, args: unknown[]): void {
		try {
			ref.fn.apply(ref.ctx ?? this, args);
		} catch (error) {
			Events.listenerErrors.push(error);
		}
	}

	/** Test helper: how many listeners are registered (for one event name, or for all). */
	listenerCount(name?: string): number {
		if (name !== undefined) return this.refsByName.get(name)?.length ?? 0;
		let count = 0;
		for (const refs of this.refsByName.values()) count += refs.length;
		return count;
	}

	private setRefs(name: string, refs: EventRef[]): void {
		if (refs.length === 0) this.refsByName.delete(name);
		else this.refsByName.set(name, refs);
	}
}
