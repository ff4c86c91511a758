import { ValueComponent } from "./base-component";

/** Obsidian's DropdownComponent: `select.dropdown`; `onChange` fires on the `change` event. */
export class DropdownComponent extends ValueComponent<string> {
	selectEl: HTMLSelectElement;
	private changeCallback: ((value: string) => unknown) | undefined;

	constructor(containerEl: HTMLElement) {
		super();
		this.selectEl = containerEl.createEl("select", { cls: "dropdown" });
		this.selectEl.addEventListener("change", () => void this.changeCallback?.(this.getValue()));
	}

	override setDisabled(disabled: boolean): this {
		super.setDisabled(disabled);
		this.selectEl.disabled = disabled;
		return this;
	}

	addOption(value: string, display: string): this {
		this.selectEl.createEl("option", { text: display, value });
		return this;
	}

	addOptions(options: Record<string, string>): this {
		for (const [value, display] of Object.entries(options)) this.addOption(value, display);
		return this;
	}

	getValue(): string {
		return this.selectEl.value;
	}

	setValue(value: string): this {
		this.selectEl.value = value;
		return this;
	}

	onChange(callback: (value: string) => unknown): this {
		this.changeCallback = callback;
		return this;
	}
}
