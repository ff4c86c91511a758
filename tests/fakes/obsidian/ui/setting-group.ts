import { SearchComponent } from "./search-component";
import { Setting } from "./setting";

/** Obsidian's SettingGroup (1.11+): `div.setting-group` with an optional heading and `listEl` of rows. */
export class SettingGroup {
	groupEl: HTMLElement;
	headerEl: HTMLElement;
	listEl: HTMLElement;

	constructor(containerEl: HTMLElement) {
		this.groupEl = containerEl.createDiv({ cls: "setting-group" });
		this.headerEl = this.groupEl.createDiv({ cls: "setting-item setting-item-heading" });
		this.headerEl.hide();
		this.listEl = this.groupEl.createDiv({ cls: "setting-items" });
	}

	setHeading(text: string | DocumentFragment): this {
		this.headerEl.show();
		this.headerEl.empty();
		this.headerEl.createDiv({ cls: "setting-item-name", text });
		return this;
	}

	addClass(...classes: string[]): this {
		this.groupEl.addClass(...classes);
		return this;
	}

	addSetting(cb: (setting: Setting) => void): this {
		cb(new Setting(this.listEl));
		return this;
	}

	addSearch(cb: (component: SearchComponent) => unknown): this {
		cb(new SearchComponent(this.headerEl));
		return this;
	}
}
