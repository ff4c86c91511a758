import { Notice } from "obsidian";
import { errorMessage } from "../../core/model/error-message";
import type { MemoryEngine } from "../../engine/memory-engine";
import type { RelatedMemory } from "../../engine/inspector/related-memories";
import type { MemoryActions } from "../memory-actions";
import { heading, noteLink, smallButton } from "./view-parts";

/**
 * "Related memories" of the note: the engine's suggestions (computed off the render and cached
 * per note), each with why, "Link as…" (the type picker of "Add causal link", opened on click)
 * and "Not related". Shows what is cached at once; otherwise a placeholder, filled in when the
 * list is ready. Rendering only builds DOM: a few elements a row, nothing computed.
 */
export function renderRelatedSection(el: HTMLElement, path: string, actions: MemoryActions): void {
	const engine = actions.engine();
	if (!engine) return;
	const box = el.createDiv({ cls: "cmv-related" });
	const cached = engine.cachedRelatedMemories(path);
	if (cached) {
		renderList(box, path, cached, engine, actions);
		return;
	}
	heading(box, "Related memories");
	box.createDiv({ cls: "cmv-small cmv-muted", text: "Looking for related memories…" });
	engine.relatedMemories(path).then(
		(list) => {
			if (!box.isConnected) return;
			box.empty();
			renderList(box, path, list, engine, actions);
		},
		(error: unknown) => {
			if (!box.isConnected) return;
			box.empty();
			box.createDiv({ cls: "cmv-small cmv-muted", text: `Related memories unavailable: ${errorMessage(error)}` });
		},
	);
}

function renderList(
	box: HTMLElement,
	path: string,
	list: RelatedMemory[],
	engine: MemoryEngine,
	actions: MemoryActions,
): void {
	heading(box, "Related memories", list.length);
	if (list.length === 0) {
		box.createDiv({ cls: "cmv-small cmv-muted", text: "No unlinked memory is close to this one." });
		return;
	}
	const items = box.createEl("ul", { cls: "cmv-list" });
	for (const memory of list) {
		const item = items.createEl("li", { cls: "cmv-related-item", attr: { "data-path": memory.path } });
		const top = item.createDiv({ cls: "cmv-related-top" });
		noteLink(top, memory.path, memory.title, actions);
		top.createSpan({
			cls: "cmv-small cmv-muted cmv-related-score",
			text: memory.score.toFixed(2),
			attr: { "aria-label": "How strongly it is related, from 0 to 1" },
		});
		item.createDiv({ cls: "cmv-small cmv-muted cmv-related-why", text: memory.why.join(" · ") });
		const buttons = item.createDiv({ cls: "cmv-buttons" });
		smallButton(buttons, "Link as…", () => actions.pickLinkType(path, memory.path)).setTooltip(
			`Link this note to ${memory.title} with a typed link`,
		);
		smallButton(buttons, "Not related", async () => {
			try {
				await engine.markNotRelated(path, memory.path);
				item.remove();
			} catch (error) {
				new Notice(`Causal Memory: could not remember that: ${errorMessage(error)}`);
			}
		}).setTooltip(`Never suggest ${memory.title} for this note again`);
	}
}
