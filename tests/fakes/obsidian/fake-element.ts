/**
 * The few HTMLElement members (with Obsidian's helpers) that plugin code calls on elements the
 * app hands out, such as status bar items. Text and attributes only: no HTML, no styles.
 */
export class FakeElement {
	private text = "";
	private readonly attributes = new Map<string, string>();
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

	detach(): void {
		this.isConnected = false;
	}
}
