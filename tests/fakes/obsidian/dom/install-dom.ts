import { globalObject } from "../../global-object";
import { createElementIn, newHtmlElement, newSvgElement } from "./create-element";
import { installNodeHelpers } from "./node-helpers";

/**
 * Gives a real DOM (happy-dom in vitest UI tests, the page in Chromium) what Obsidian adds to it:
 * the element helpers and the global `createEl`/`createDiv`/`createSpan`/`createSvg`/`createFragment`.
 * Does nothing where there is no DOM (plain Node tests).
 */
export function installDom(): void {
	const win = globalObject.window as typeof window | undefined;
	if (win?.document === undefined || win.Node === undefined) return;
	installNodeHelpers(win);
	const doc = win.document;
	const globals = {
		createEl: (tag: string, info?: DomElementInfo | string, callback?: (el: HTMLElement) => void) =>
			createElementIn(doc, newHtmlElement(doc, tag), info, callback),
		createDiv: (info?: DomElementInfo | string, callback?: (el: HTMLElement) => void) =>
			createElementIn(doc, newHtmlElement(doc, "div"), info, callback),
		createSpan: (info?: DomElementInfo | string, callback?: (el: HTMLElement) => void) =>
			createElementIn(doc, newHtmlElement(doc, "span"), info, callback),
		createSvg: (tag: string, info?: SvgElementInfo | string, callback?: (el: SVGElement) => void) =>
			createElementIn(doc, newSvgElement(doc, tag), info, callback),
		createFragment: (callback?: (el: DocumentFragment) => void) => {
			const fragment = new win.DocumentFragment();
			callback?.(fragment);
			return fragment;
		},
	};
	for (const [name, value] of Object.entries(globals)) {
		Object.defineProperty(globalObject, name, { value, configurable: true, writable: true });
		if ((win as unknown) !== globalObject)
			Object.defineProperty(win, name, { value, configurable: true, writable: true });
	}
}
