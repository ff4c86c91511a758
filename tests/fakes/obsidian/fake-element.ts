/**
 * The few HTMLElement members (with Obsidian's helpers) that plugin code calls on elements the
 * app hands out, such as status bar items, where tests run without a DOM. Text, attributes and
 * event listeners only: no HTML, no styles.
 */
export class FakeElement {
	private text = "";
	private readonly attributes = new Map<string, string>();
	private readonly listeners = new Map<string, Set<EventListener>>();
	/** False once `detach` took it out of the document. */
	isConnected = true;

	setText(text: string): void {
		this.text = text;
	}

	getText(): string {
		return this.text;
	}

	setAttr(name: string, value: string | number | boolean | null): void {
		if (value === null) this.attributes.delete(name);
		else this.attributes.set(name, String(value));
	}

	getAttr(name: string): string | null {
		return this.attributes.get(name) ?? null;
	}

	addClass(...classes: string[]): void {
		const current = new Set((this.attributes.get("class") ?? "").split(" ").filter((c) => c !== ""));
		for (const cls of classes) current.add(cls);
		this.attributes.set("class", [...current].join(" "));
	}

	toggleClass(classes: string | string[], value: boolean): void {
		const current = new Set((this.attributes.get("class") ?? "").split(" ").filter((c) => c !== ""));
		for (const cls of Array.isArray(classes) ? classes : [classes]) {
			if (value) current.add(cls);
			else current.delete(cls);
		}
		this.attributes.set("class", [...current].join(" "));
	}

	/** Fake-only: whether `toggleClass`/`addClass` left the class on. */
	hasClass(cls: string): boolean {
		return (this.attributes.get("class") ?? "").split(" ").includes(cls);
	}

	addEventListener(type: string, listener: EventListener): void {
		const set = this.listeners.get(type) ?? new Set();
		set.add(listener);
		this.listeners.set(type, set);
	}

	removeEventListener(type: string, listener: EventListener): void {
		this.listeners.get(type)?.delete(listener);
	}

	/** Fake-only: the user clicked it. */
	click(): void {
		for (const listener of [...(this.listeners.get("click") ?? [])]) listener({ type: "click" } as Event);
	}

	/** Fake-only: listeners still attached. */
	listenerCount(): number {
		let count = 0;
		for (const set of this.listeners.values()) count += set.size;
		return count;
	}

	detach(): void {
		this.isConnected = false;
	}
}
