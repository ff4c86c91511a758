import { ButtonComponent } from "obsidian";
import type { LifecycleStatus } from "../../core/model/lifecycle-status";
import type { MemoryActions } from "../memory-actions";

/** A clickable note name that opens the note (in a new tab with Ctrl/Cmd). */
export function noteLink(parent: HTMLElement, path: string, title: string, actions: MemoryActions): HTMLElement {
	const link = parent.createEl("a", { cls: "cmv-link", text: title, attr: { "data-path": path, "aria-label": path } });
	link.addEventListener("click", (evt) => {
		evt.preventDefault();
		void actions.openNote(path, evt.ctrlKey || evt.metaKey);
	});
	return link;
}

export function statusPill(parent: HTMLElement, status: LifecycleStatus): HTMLElement {
	return parent.createSpan({ cls: ["cmv-status", `cmv-status-${status}`], text: status });
}

export function heading(parent: HTMLElement, text: string, count?: number): HTMLElement {
	const el = parent.createDiv({ cls: "cmv-heading", text });
	if (count !== undefined) el.createSpan({ cls: "cmv-count", text: String(count) });
	return el;
}

/** A small button; the view re-renders after the action through the engine's change listeners. */
export function smallButton(
	parent: HTMLElement,
	text: string,
	onClick: () => unknown,
	options: { cta?: boolean } = {},
): ButtonComponent {
	const button = new ButtonComponent(parent).setButtonText(text).onClick(() => void onClick());
	button.buttonEl.addClass("cmv-button");
	if (options.cta) button.setCta();
	return button;
}
