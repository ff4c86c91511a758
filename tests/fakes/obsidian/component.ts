import { clearInterval } from "node:timers";
import type { EventRef } from "./events";

/**
 * Obsidian's Component: `load` runs `onload` then loads children; `unload` unloads children,
 * runs everything registered (event refs, intervals, callbacks) and then `onunload`.
 */
export class Component {
	private loaded = false;
	private readonly children: Component[] = [];
	private readonly cleanups: (() => unknown)[] = [];
	private onloadResult: Promise<void> = Promise.resolve();

	load(): void {
		if (this.loaded) return;
		this.loaded = true;
		// The app does not await an async onload; the fake keeps it so tests can.
		const result = this.onload() as unknown;
		if (result instanceof Promise) this.onloadResult = result.then(() => undefined);
		for (const child of this.children) child.load();
	}

	onload(): void {}

	unload(): void {
		if (!this.loaded) return;
		this.loaded = false;
		while (this.children.length > 0) this.children.pop()?.unload();
		while (this.cleanups.length > 0) this.cleanups.pop()?.();
		this.onunload();
	}

	onunload(): void {}

	addChild<T extends Component>(component: T): T {
		this.children.push(component);
		if (this.loaded) component.load();
		return component;
	}

	removeChild<T extends Component>(component: T): T {
		const index = this.children.indexOf(component);
		if (index !== -1) {
			this.children.splice(index, 1);
			component.unload();
		}
		return component;
	}

	register(cb: () => unknown): void {
		this.cleanups.push(cb);
	}

	registerEvent(eventRef: EventRef): void {
		this.register(() => eventRef.e.offref(eventRef));
	}

	registerDomEvent(
		el:
			| EventTarget
			| { addEventListener: EventTarget["addEventListener"]; removeEventListener: EventTarget["removeEventListener"] },
		type: string,
		callback: EventListener,
		options?: boolean | AddEventListenerOptions,
	): void {
		el.addEventListener(type, callback, options);
		this.register(() => el.removeEventListener(type, callback, options));
	}

	registerInterval(id: number): number {
		this.register(() => clearInterval(id));
		return id;
	}

	/** Test helper: settles when the (possibly async) `onload` has finished; rejects if it failed. */
	whenLoaded(): Promise<void> {
		return this.onloadResult;
	}

	/** Test helper: how many cleanups (events, intervals, callbacks) are still registered. */
	registeredCleanupCount(): number {
		return this.cleanups.length;
	}
}
