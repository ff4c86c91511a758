import type { EngineService } from "./engine-service";
import { reviewTotal } from "./view/review-section";
import { RenderThrottle } from "./view/render-throttle";
import { WINDOW_TIMERS } from "./window-timers";

/** The badge follows the memory at most this often: the queues are computed again after a change. */
const UPDATE_INTERVAL_MS = 2000;

/**
 * "Review 5" in the status bar: how many items wait in the memory view's Review section, hidden
 * while none do (or the index is not ready). Obsidian has no badge for ribbon icons, so the count
 * lives here. Returns the function that stops it.
 */
export function showReviewBadge(el: HTMLElement, memory: EngineService): () => void {
	el.addClass("cmv-review-badge", "mod-clickable");
	const update = (): void => {
		const total = memory.isStarted ? reviewTotal(memory.engine.review.queues()) : 0;
		el.setText(`Review ${total}`);
		el.setAttr("aria-label", `${total} memory review ${total === 1 ? "item" : "items"}: click to open the memory view`);
		el.toggleClass("cmv-hidden", total === 0);
	};
	const throttle = new RenderThrottle(update, WINDOW_TIMERS, UPDATE_INTERVAL_MS, () => Date.now());
	const unsubscribe = memory.onChange(() => throttle.request());
	update();
	return () => {
		throttle.cancel();
		unsubscribe();
	};
}
