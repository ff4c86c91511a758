import { createChild, newHtmlElement, newSvgElement } from "./create-element";

/**
 * Obsidian's additions to Node, Element, HTMLElement and SVGElement (declared globally in
 * obsidian.d.ts), installed on the prototypes of a real DOM. Behaviour follows the app's:
 * `hide()` sets `display: none`, `setText` replaces the content, `empty()` removes children.
 */
export function installNodeHelpers(win: typeof window): void {
	const doc = (node: Node): Document => node.ownerDocument ?? (node as Document);
	const node = win.Node.prototype;
	const element = win.Element.prototype;
	const html = win.HTMLElement.prototype;
	const svg = win.SVGElement.prototype;
	const fragment = win.DocumentFragment.prototype;

	define(node, {
		detach(this: Node) {
			this.parentNode?.removeChild(this);
		},
		empty(this: Node) {
			while (this.firstChild) this.removeChild(this.firstChild);
		},
		appendText(this: Node, val: string) {
			this.appendChild(doc(this).createTextNode(val));
		},
		insertAfter<T extends Node>(this: Node, newNode: T, child: Node | null): T {
			this.insertBefore(newNode, child === null ? this.firstChild : child.nextSibling);
			return newNode;
		},
		indexOf(this: Node, other: Node) {
			return Array.prototype.indexOf.call(this.childNodes, other);
		},
		setChildrenInPlace(this: Node, children: Node[]) {
			this.empty();
			for (const child of children) this.appendChild(child);
		},
		instanceOf(this: Node, type: new () => unknown) {
			return Object.prototype.isPrototypeOf.call(type.prototype, this);
		},
		createEl(this: Node, tag: string, info?: DomElementInfo | string, callback?: (el: HTMLElement) => void) {
			return createChild(this, newHtmlElement(doc(this), tag), info, callback);
		},
		createDiv(this: Node, info?: DomElementInfo | string, callback?: (el: HTMLElement) => void) {
			return createChild(this, newHtmlElement(doc(this), "div"), info, callback);
		},
		createSpan(this: Node, info?: DomElementInfo | string, callback?: (el: HTMLElement) => void) {
			return createChild(this, newHtmlElement(doc(this), "span"), info, callback);
		},
		createSvg(this: Node, tag: string, info?: SvgElementInfo | string, callback?: (el: SVGElement) => void) {
			return createChild(this, newSvgElement(doc(this), tag), info, callback);
		},
	});
	defineGetter(node, "doc", function (this: Node) {
		return doc(this);
	});
	defineGetter(node, "win", function (this: Node) {
		return doc(this).defaultView ?? win;
	});

	define(element, {
		getText(this: Element) {
			return this.textContent ?? "";
		},
		setText(this: Element, val: string | DocumentFragment) {
			this.empty();
			if (typeof val === "string") this.textContent = val;
			else this.appendChild(val);
		},
		addClass(this: Element, ...classes: string[]) {
			this.classList.add(...classes);
		},
		addClasses(this: Element, classes: string[]) {
			this.classList.add(...classes);
		},
		removeClass(this: Element, ...classes: string[]) {
			this.classList.remove(...classes);
		},
		removeClasses(this: Element, classes: string[]) {
			this.classList.remove(...classes);
		},
		toggleClass(this: Element, classes: string | string[], value: boolean) {
			for (const cls of Array.isArray(classes) ? classes : [classes]) this.classList.toggle(cls, value);
		},
		hasClass(this: Element, cls: string) {
			return this.classList.contains(cls);
		},
		setAttr(this: Element, name: string, value: string | number | boolean | null) {
			if (value === null) this.removeAttribute(name);
			else this.setAttribute(name, String(value));
		},
		setAttrs(this: Element, obj: Record<string, string | number | boolean | null>) {
			for (const [name, value] of Object.entries(obj)) this.setAttr(name, value);
		},
		getAttr(this: Element, name: string) {
			return this.getAttribute(name);
		},
		matchParent(this: Element, selector: string, lastParent?: Element) {
			if (this.matches(selector)) return this;
			for (let at = this.parentElement; at !== null && at !== lastParent; at = at.parentElement)
				if (at.matches(selector)) return at;
			return null;
		},
		find(this: Element, selector: string) {
			return this.querySelector(selector);
		},
		findAll(this: Element, selector: string) {
			return Array.from(this.querySelectorAll(selector));
		},
		findAllSelf(this: Element, selector: string) {
			return [...(this.matches(selector) ? [this] : []), ...Array.from(this.querySelectorAll(selector))];
		},
		isActiveElement(this: Element) {
			return doc(this).activeElement === this;
		},
	});

	const styleHelpers = {
		setCssStyles(this: HTMLElement | SVGElement, styles: Partial<CSSStyleDeclaration>) {
			Object.assign(this.style, styles);
		},
		setCssProps(this: HTMLElement | SVGElement, props: Record<string, string>) {
			for (const [name, value] of Object.entries(props)) this.style.setProperty(name, value);
		},
	};
	define(svg, styleHelpers);
	define(html, {
		...styleHelpers,
		show(this: HTMLElement) {
			this.setCssProps({ display: "" });
		},
		hide(this: HTMLElement) {
			this.setCssProps({ display: "none" });
		},
		toggle(this: HTMLElement, show: boolean) {
			if (show) this.show();
			else this.hide();
		},
		toggleVisibility(this: HTMLElement, visible: boolean) {
			this.setCssProps({ visibility: visible ? "" : "hidden" });
		},
		isShown(this: HTMLElement) {
			return this.style.getPropertyValue("display") !== "none" && this.isConnected;
		},
		onClickEvent(
			this: HTMLElement,
			listener: (ev: MouseEvent) => unknown,
			options?: boolean | AddEventListenerOptions,
		) {
			this.addEventListener("click", listener, options);
		},
		trigger(this: HTMLElement, eventType: string) {
			this.dispatchEvent(new win.Event(eventType, { bubbles: true }));
		},
	});
	define(fragment, {
		find(this: DocumentFragment, selector: string) {
			return this.querySelector(selector);
		},
		findAll(this: DocumentFragment, selector: string) {
			return Array.from(this.querySelectorAll(selector));
		},
	});
}

function define(target: object, methods: Record<string, unknown>): void {
	for (const [name, value] of Object.entries(methods))
		Object.defineProperty(target, name, { value, configurable: true, writable: true });
}

function defineGetter(target: object, name: string, get: () => unknown): void {
	Object.defineProperty(target, name, { get, configurable: true });
}
