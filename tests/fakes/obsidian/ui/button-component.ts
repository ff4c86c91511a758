import { BaseComponent } from "./base-component";
import { setIcon } from "./set-icon";

/** Obsidian's ButtonComponent: a `<button>` (`mod-cta`, `mod-warning` as in the app). */
export class ButtonComponent extends BaseComponent {
	buttonEl: HTMLButtonElement;

	constructor(containerEl: HTMLElement) {
		super();
		this.buttonEl = containerEl.createEl("button");
	}

	override setDisabled(disabled: boolean): this {
		super.setDisabled(disabled);
		this.buttonEl.disabled = disabled;
		return this;
	}

	setCta(): this {
		this.buttonEl.addClass("mod-cta");
		return this;
	}

	removeCta(): this {
		this.buttonEl.removeClass("mod-cta");
		return this;
	}

	setWarning(): this {
		this.buttonEl.addClass("mod-warning");
		return this;
	}

	setDestructive(): this {
		this.buttonEl.addClass("mod-destructive");
		return this;
	}

	removeDestructive(): this {
		this.buttonEl.removeClass("mod-destructive");
		return this;
	}

	setTooltip(tooltip: string): this {
		this.buttonEl.setAttr("aria-label", tooltip);
		return this;
	}

	setButtonText(name: string): this {
		this.buttonEl.setText(name);
		return this;
	}

	setIcon(icon: string): this {
		setIcon(this.buttonEl, icon);
		return this;
	}

	setClass(cls: string): this {
		this.buttonEl.addClass(cls);
		return this;
	}

	onClick(callback: (evt: MouseEvent) => unknown): this {
		this.buttonEl.addEventListener("click", (evt) => {
			if (!this.disabled) void callback(evt);
		});
		return this;
	}
}
