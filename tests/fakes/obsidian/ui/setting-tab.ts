import type {
	SettingControl,
	SettingDefinition,
	SettingDefinitionGroup,
	SettingDefinitionItem,
	SettingDefinitionPage,
	SettingGroupItem,
} from "obsidian";
import type { App } from "../app";
import type { Plugin } from "../plugin";
import { ExtraButtonComponent } from "./extra-button-component";
import { Setting } from "./setting";
import { SettingGroup } from "./setting-group";

/**
 * Obsidian's SettingTab. The app (1.13+) renders `getSettingDefinitions()` when it returns
 * items and calls `display()` otherwise; older apps only call `display()`. Fake-only:
 * `open()` does what the 1.13 app does, `open({ classic: true })` what an older one does.
 * The declarative renderer covers groups, pages (an entry row that opens the page in place of
 * the tab, with a back button, as the app does), `render`, `action` and the simple controls
 * (toggle, text, number, dropdown, slider).
 */
export abstract class SettingTab {
	icon = "";
	app: App;
	settingItems: SettingDefinitionItem[] = [];
	private container: HTMLElement | undefined;
	private cleanups: (() => void)[] = [];
	private refreshers: (() => void)[] = [];

	constructor(app: App) {
		this.app = app;
	}

	/** Made when first used, so plugins load in plain Node tests that have no DOM (the app always has one). */
	get containerEl(): HTMLElement {
		this.container ??= createDiv({ cls: "vertical-tab-content" });
		return this.container;
	}

	getSettingDefinitions(): SettingDefinitionItem[] {
		return [];
	}

	update(): void {
		this.settingItems = this.getSettingDefinitions();
	}

	getControlValue(_key: string): unknown {
		return undefined;
	}

	setControlValue(_key: string, _value: unknown): void | Promise<void> {}

	refreshDomState(): void {
		for (const refresh of this.refreshers) refresh();
	}

	display(): void {}

	hide(): void {
		while (this.cleanups.length > 0) this.cleanups.pop()?.();
		this.refreshers = [];
		this.containerEl.empty();
	}

	/** Fake-only: opens the tab as the app would (declarative on 1.13+, `display()` when `classic`). */
	open(options: { classic?: boolean } = {}): void {
		this.hide();
		this.update();
		if (options.classic !== true && this.settingItems.length > 0) this.renderItems(this.containerEl, this.settingItems);
		else this.display();
	}

	private renderItems(parent: HTMLElement, items: readonly SettingDefinitionItem[]): void {
		let loose: SettingGroup | null = null;
		for (const item of items) {
			if (isGroup(item)) {
				loose = null;
				this.renderGroup(parent, item);
			} else {
				loose ??= new SettingGroup(parent);
				this.renderItem(loose, item);
			}
		}
	}

	private renderGroup(parent: HTMLElement, group: SettingDefinitionGroup): void {
		if (!evaluate(group.visible, true)) return;
		const settingGroup = new SettingGroup(parent);
		if (group.cls !== undefined) settingGroup.addClass(group.cls);
		if (group.heading !== undefined) settingGroup.setHeading(group.heading);
		for (const extra of group.extraButtons ?? []) extra(new ExtraButtonComponent(settingGroup.headerEl));
		for (const item of group.items ?? []) this.renderItem(settingGroup, item);
	}

	private renderItem(group: SettingGroup, item: SettingGroupItem): void {
		if ("type" in item && item.type === "page") {
			if (!evaluate(item.visible, true)) return;
			group.addSetting((setting) => {
				setting.setName(item.name);
				if (item.desc !== undefined) setting.setDesc(item.desc);
				setting.settingEl.addClass("mod-clickable", "setting-page-entry");
				setting.settingEl.addEventListener("click", () => this.openPage(item));
			});
			return;
		}
		const definition = item as SettingDefinition;
		group.addSetting((setting) => {
			setting.setName(definition.name);
			if (definition.desc !== undefined) setting.setDesc(definition.desc);
			const refresh = (): void => {
				setting.settingEl.toggle(evaluate(definition.visible, true));
				if ("disabled" in definition) setting.setDisabled(evaluate(definition.disabled, false));
			};
			this.refreshers.push(refresh);
			refresh();
			if (definition.render !== undefined) {
				const cleanup = definition.render(setting as never, group as never);
				if (typeof cleanup === "function") this.cleanups.push(cleanup);
			} else if (definition.action !== undefined) {
				const action = definition.action;
				setting.settingEl.addClass("mod-clickable");
				setting.settingEl.addEventListener("click", () => action(setting.settingEl, 0));
			} else if (definition.control !== undefined) {
				this.renderControl(setting, definition.control);
			}
		});
	}

	/** Fake-only as a name: what the app does when a page's entry is clicked. */
	openPage(page: SettingDefinitionPage): void {
		this.hide();
		const titlebar = this.containerEl.createDiv({ cls: "setting-page-titlebar" });
		const back = titlebar.createDiv({ cls: "clickable-icon setting-page-back", attr: { "aria-label": "Back" } });
		back.setText("‹");
		back.addEventListener("click", () => this.open());
		titlebar.createDiv({ cls: "setting-page-title", text: page.name });
		if (page.items !== undefined) this.renderItems(this.containerEl, page.items);
	}

	private renderControl(setting: Setting, control: SettingControl): void {
		const value = this.getControlValue(control.key) ?? control.defaultValue;
		const save = async (next: unknown): Promise<void> => {
			const problem = await (
				control.validate as ((value: unknown) => string | void | Promise<string | void>) | undefined
			)?.(next);
			setting.setErrorMessage(typeof problem === "string" ? problem : null);
			if (typeof problem !== "string") await this.setControlValue(control.key, next);
		};
		switch (control.type) {
			case "toggle":
				setting.addToggle((toggle) => toggle.setValue(value === true).onChange(save));
				break;
			case "dropdown":
				setting.addDropdown((dropdown) => dropdown.addOptions(control.options).setValue(asText(value)).onChange(save));
				break;
			case "slider":
				setting.addSlider((slider) =>
					slider
						.setLimits(control.min, control.max, control.step)
						.setValue(Number(value ?? 0))
						.onChange(save),
				);
				break;
			case "number":
				setting.addText((text) => text.setValue(asText(value)).onChange((raw) => save(Number(raw))));
				break;
			default:
				setting.addText((text) => text.setValue(asText(value)).onChange(save));
		}
	}
}

/** Obsidian's PluginSettingTab. */
export abstract class PluginSettingTab extends SettingTab {
	constructor(
		app: App,
		readonly plugin: Plugin,
	) {
		super(app);
	}
}

function isGroup(item: SettingDefinitionItem): item is SettingDefinitionGroup {
	return "type" in item && (item.type === "group" || item.type === "list");
}

function asText(value: unknown): string {
	return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

function evaluate(value: boolean | (() => boolean) | undefined, fallback: boolean): boolean {
	if (value === undefined) return fallback;
	return typeof value === "function" ? value() : value;
}
