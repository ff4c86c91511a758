import { ValueComponent } from "./base-component";

/** Obsidian's ToggleComponent: `div.checkbox-container` (`is-enabled` when on); a click flips it. */
export class ToggleComponent extends ValueComponent<boolean> {
	toggleEl: HTMLElement;
	private on = false;
	private changeCallback: ((value: boolean) => unknown) | undefined;

	constructor(containerEl: HTMLElement) {
		super();
		this.toggleEl = containerEl.createDiv({ cls: "checkbox-container" });
		this.toggleEl.createEl("input", { type: "checkbox", attr: { tabindex: 0 } });
		this.toggleEl.addEventListener("click", () => this.onClick());
	}

	override setDisabled(disabled: boolean): this {
		super.setDisabled(disabled);
		this.toggleEl.toggleClass("is-disabled", disabled);
		return this;
	}

	getValue(): boolean {
		return this.on;
	}

	setValue(on: boolean): this {
		this.on = on;
		this.toggleEl.toggleClass("is-enabled", on);
		const input = this.toggleEl.querySelector("input");
		if (input) input.checked = on;
		return this;
	}

	setTooltip(tooltip: string): this {
		this.toggleEl.setAttr("aria-label", tooltip);
		return this;
	}

	onClick(): void {
		if (this.disabled) return;
		this.setValue(!this.on);
		void this.changeCallback?.(this.on);
	}

	onChange(callback: (value: boolean) => unknown): this {
		this.changeCallback = callback;
		return this;
	}
}
