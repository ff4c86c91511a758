import { ValueComponent } from "./base-component";

/** Obsidian's AbstractTextComponent: `onChange` fires on every `input` event, as in the app. */
export class AbstractTextComponent<T extends HTMLInputElement | HTMLTextAreaElement> extends ValueComponent<string> {
	private changeCallback: ((value: string) => unknown) | undefined;

	constructor(public inputEl: T) {
		super();
		inputEl.addEventListener("input", () => this.onChanged());
	}

	override setDisabled(disabled: boolean): this {
		super.setDisabled(disabled);
		this.inputEl.disabled = disabled;
		return this;
	}

	getValue(): string {
		return this.inputEl.value;
	}

	setValue(value: string): this {
		this.inputEl.value = value;
		return this;
	}

	setPlaceholder(placeholder: string): this {
		this.inputEl.placeholder = placeholder;
		return this;
	}

	onChanged(): void {
		void this.changeCallback?.(this.getValue());
	}

	onChange(callback: (value: string) => unknown): this {
		this.changeCallback = callback;
		return this;
	}
}

export class TextComponent extends AbstractTextComponent<HTMLInputElement> {
	constructor(containerEl: HTMLElement) {
		super(containerEl.createEl("input", { type: "text" }));
	}
}

export class TextAreaComponent extends AbstractTextComponent<HTMLTextAreaElement> {
	constructor(containerEl: HTMLElement) {
		super(containerEl.createEl("textarea"));
	}
}
