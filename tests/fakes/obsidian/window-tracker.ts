type Listener = EventListenerOrEventListenerObject;
interface Registration {
	target: EventTarget;
	type: string;
	listener: Listener;
}

/**
 * Fake-only: counts what plugin code leaves behind on `window` — timers set through
 * `window.setTimeout` / `setInterval` that have neither fired nor been cleared, and event
 * listeners added to `window` or `document` and not removed. `install` patches those methods;
 * `uninstall` puts the originals back.
 */
export class WindowTracker {
	private readonly timers = new Set<unknown>();
	private readonly listeners: Registration[] = [];
	private readonly restores: (() => void)[] = [];

	static install(win: typeof window = window): WindowTracker {
		const tracker = new WindowTracker();
		tracker.patchTimers(win);
		tracker.patchListeners(win);
		if (typeof win.document !== "undefined") tracker.patchListeners(win.document);
		return tracker;
	}

	get liveTimers(): number {
		return this.timers.size;
	}

	get liveListeners(): number {
		return this.listeners.length;
	}

	uninstall(): void {
		while (this.restores.length > 0) this.restores.pop()?.();
	}

	private patchTimers(win: typeof window): void {
		const setTimeout = win.setTimeout.bind(win);
		const clearTimeout = win.clearTimeout.bind(win);
		const setInterval = win.setInterval.bind(win);
		const clearInterval = win.clearInterval.bind(win);
		const timers = this.timers;
		win.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
			const id: unknown = setTimeout(() => {
				timers.delete(id);
				callback(...args);
			}, ms);
			timers.add(id);
			return id;
		}) as typeof win.setTimeout;
		win.clearTimeout = ((id: number | undefined) => {
			timers.delete(id);
			clearTimeout(id);
		}) as typeof win.clearTimeout;
		win.setInterval = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
			const id: unknown = setInterval(() => callback(...args), ms);
			timers.add(id);
			return id;
		}) as typeof win.setInterval;
		win.clearInterval = ((id: number | undefined) => {
			timers.delete(id);
			clearInterval(id);
		}) as typeof win.clearInterval;
		this.restores.push(() => Object.assign(win, { setTimeout, clearTimeout, setInterval, clearInterval }));
	}

	private patchListeners(target: EventTarget): void {
		if (typeof target.addEventListener !== "function") return;
		const add = target.addEventListener.bind(target);
		const remove = target.removeEventListener.bind(target);
		const listeners = this.listeners;
		target.addEventListener = function (
			this: EventTarget,
			type: string,
			listener: Listener | null,
			options?: boolean | AddEventListenerOptions,
		) {
			if (
				listener !== null &&
				!listeners.some((r) => r.target === target && r.type === type && r.listener === listener)
			)
				listeners.push({ target, type, listener });
			add(type, listener, options);
		};
		target.removeEventListener = function (
			this: EventTarget,
			type: string,
			listener: Listener | null,
			options?: boolean | EventListenerOptions,
		) {
			const index = listeners.findIndex((r) => r.target === target && r.type === type && r.listener === listener);
			if (index !== -1) listeners.splice(index, 1);
			remove(type, listener, options);
		};
		// The patches are own properties of the object; deleting them brings back the prototype's methods.
		this.restores.push(() => {
			delete (target as Partial<EventTarget>).addEventListener;
			delete (target as Partial<EventTarget>).removeEventListener;
		});
	}
}
