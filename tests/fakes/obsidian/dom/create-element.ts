/**
 * Obsidian's element factories (`createEl`, `createDiv`, `createSpan`, `createSvg`,
 * `createFragment`), on a real DOM: happy-dom under vitest, the page's document in Chromium.
 */

const HTML_NS = "http://www.w3.org/1999/xhtml";
const SVG_NS = "http://www.w3.org/2000/svg";

type Info = DomElementInfo | SvgElementInfo | string | undefined;

function applyInfo(el: Element, info: Info): void {
	const o: DomElementInfo = typeof info === "string" ? { cls: info } : (info ?? {});
	if (o.cls !== undefined)
		el.addClasses(Array.isArray(o.cls) ? o.cls.filter((c) => c !== "") : o.cls.split(" ").filter((c) => c !== ""));
	if (o.text !== undefined) el.setText(o.text);
	if (o.attr !== undefined) el.setAttrs(o.attr);
	if (o.title !== undefined) el.setAttribute("title", o.title);
	if (o.value !== undefined && "value" in el) (el as HTMLInputElement).value = o.value;
	if (o.type !== undefined) el.setAttribute("type", o.type);
	if (o.placeholder !== undefined) el.setAttribute("placeholder", o.placeholder);
	if (o.href !== undefined) el.setAttribute("href", o.href);
	if (o.parent !== undefined) {
		if (o.prepend === true) o.parent.insertBefore(el, o.parent.firstChild);
		else o.parent.appendChild(el);
	}
}

export function createElementIn<E extends Element>(doc: Document, el: E, info: Info, callback?: (el: E) => void): E {
	applyInfo(el, info);
	callback?.(el);
	return el;
}

/** `parent.createEl(tag, info, callback)`: the new element goes last (or first with `prepend`). */
export function createChild<E extends Element>(parent: Node, el: E, info: Info, callback?: (el: E) => void): E {
	const o = typeof info === "string" ? { cls: info } : (info ?? {});
	createElementIn(parent.ownerDocument ?? (parent as Document), el, { ...o, parent }, callback);
	return el;
}

export function newHtmlElement(doc: Document, tag: string): HTMLElement {
	const el: Element = doc.createElementNS(HTML_NS, tag);
	return el as HTMLElement;
}

export function newSvgElement(doc: Document, tag: string): SVGElement {
	return doc.createElementNS(SVG_NS, tag);
}
