import { BaseComponent } from "./base-component";
import { setIcon } from "./set-icon";

/** Obsidian's ExtraButtonComponent: a clickable icon (default icon "gear"). */
export class ExtraButtonComponent extends BaseComponent {
	extraSettingsEl: HTMLElement;

	constructor(containerEl: HTMLElement) {
		super();
		this.extraSettingsEl = containerEl.createDiv({
			cls: ["clickable-icon", "extra-setting-button"],
			attr: { role: "button" },
		});
		setIcon(this.extraSettingsEl, "gear");
	}

	override setDisabled(disabled: boolean): this {
		super.setDisabled(disabled);
		this.extraSettingsEl.toggleClass("is-disabled", disabled);
		return this;
	}

	setTooltip(tooltip: string): this {
		this.extraSettingsEl.setAttr("aria-label", tooltip);
		return this;
	}

	setIcon(icon: string): this {
		setIcon(this.extraSettingsEl, icon);
		return this;
	}

	onClick(callback: () => unknown): this {
		this.extraSettingsEl.addEventListener("click", () => {
			if (!this.disabled) void callback();
		});
		return this;
	}
}
