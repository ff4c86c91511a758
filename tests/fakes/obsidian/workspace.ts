import { setTimeout } from "node:timers";
import { Events } from "./events";

/**
 * Obsidian's Workspace, reduced to layout readiness. The fake's layout becomes ready only when
 * a test calls `triggerLayoutReady()`; callbacks registered afterwards run a macrotask later.
 */
export class Workspace extends Events {
	layoutReady = false;
	private callbacks: (() => unknown)[] = [];

	onLayoutReady(callback: () => unknown): void {
		if (this.layoutReady) setTimeout(() => runCallback(callback), 0);
		else this.callbacks.push(callback);
	}

	/** Fake-only: the app finished loading the workspace. */
	triggerLayoutReady(): void {
		if (this.layoutReady) return;
		this.layoutReady = true;
		const callbacks = this.callbacks;
		this.callbacks = [];
		for (const callback of callbacks) runCallback(callback);
		this.trigger("layout-ready");
	}
}

function runCallback(callback: () => unknown): void {
	try {
		const result = callback();
		if (result instanceof Promise) result.catch((error: unknown) => Events.listenerErrors.push(error));
	} catch (error) {
		Events.listenerErrors.push(error);
	}
}
