import type { BaseComponent } from "./base-component";
import { ButtonComponent } from "./button-component";
import { DropdownComponent } from "./dropdown-component";
import { ExtraButtonComponent } from "./extra-button-component";
import { SearchComponent } from "./search-component";
import { SliderComponent } from "./slider-component";
import { TextAreaComponent, TextComponent } from "./text-component";
import { ToggleComponent } from "./toggle-component";

/**
 * Obsidian's Setting row: `div.setting-item` holding `.setting-item-info` (name, description)
 * and `.setting-item-control` (the components, in the order added). `setHeading` makes it a
 * `.setting-item-heading`. The class names are the app's, so a stylesheet can match them.
 */
export class Setting {
	settingEl: HTMLElement;
	infoEl: HTMLElement;
	nameEl: HTMLElement;
	descEl: HTMLElement;
	controlEl: HTMLElement;
	components: BaseComponent[] = [];
	errorEl: HTMLElement | null = null;

	constructor(containerEl: HTMLElement) {
		this.settingEl = containerEl.createDiv({ cls: "setting-item" });
		this.infoEl = this.settingEl.createDiv({ cls: "setting-item-info" });
		this.nameEl = this.infoEl.createDiv({ cls: "setting-item-name" });
		this.descEl = this.infoEl.createDiv({ cls: "setting-item-description" });
		this.controlEl = this.settingEl.createDiv({ cls: "setting-item-control" });
	}

	setErrorMessage(message: string | null): this {
		if (message === null) {
			this.errorEl?.detach();
			this.errorEl = null;
		} else {
			this.errorEl ??= this.infoEl.createDiv({ cls: "setting-item-error" });
			this.errorEl.setText(message);
		}
		this.settingEl.toggleClass("has-error", message !== null);
		return this;
	}

	setName(name: string | DocumentFragment): this {
		this.nameEl.setText(name);
		return this;
	}

	setDesc(desc: string | DocumentFragment): this {
		this.descEl.setText(desc);
		return this;
	}

	setClass(cls: string): this {
		this.settingEl.addClass(cls);
		return this;
	}

	setTooltip(tooltip: string): this {
		this.nameEl.setAttr("aria-label", tooltip);
		return this;
	}

	setHeading(): this {
		this.settingEl.addClass("setting-item-heading");
		return this;
	}

	setDisabled(disabled: boolean): this {
		this.settingEl.toggleClass("is-disabled", disabled);
		for (const component of this.components) component.setDisabled(disabled);
		return this;
	}

	addButton(cb: (component: ButtonComponent) => unknown): this {
		return this.add(new ButtonComponent(this.controlEl), cb);
	}

	addExtraButton(cb: (component: ExtraButtonComponent) => unknown): this {
		return this.add(new ExtraButtonComponent(this.controlEl), cb);
	}

	addToggle(cb: (component: ToggleComponent) => unknown): this {
		return this.add(new ToggleComponent(this.controlEl), cb);
	}

	addText(cb: (component: TextComponent) => unknown): this {
		return this.add(new TextComponent(this.controlEl), cb);
	}

	addComponent<T extends BaseComponent>(cb: (el: HTMLElement) => T): this {
		this.components.push(cb(this.controlEl));
		return this;
	}

	addSearch(cb: (component: SearchComponent) => unknown): this {
		return this.add(new SearchComponent(this.controlEl), cb);
	}

	addTextArea(cb: (component: TextAreaComponent) => unknown): this {
		return this.add(new TextAreaComponent(this.controlEl), cb);
	}

	addDropdown(cb: (component: DropdownComponent) => unknown): this {
		return this.add(new DropdownComponent(this.controlEl), cb);
	}

	addSlider(cb: (component: SliderComponent) => unknown): this {
		return this.add(new SliderComponent(this.controlEl), cb);
	}

	then(cb: (setting: this) => unknown): this {
		cb(this);
		return this;
	}

	clear(): this {
		this.controlEl.empty();
		this.components = [];
		return this;
	}

	private add<T extends BaseComponent>(component: T, cb: (component: T) => unknown): this {
		this.components.push(component);
		cb(component);
		return this;
	}
}
