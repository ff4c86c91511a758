import type { App } from "./app";
import { Component } from "./component";
import { FakeElement } from "./fake-element";
import type { Command, PluginManifest } from "./metadata-types";
import { normalizePath } from "./normalize-path";
import type { ViewCreator } from "./workspace-leaf";

/**
 * Obsidian's Plugin base class. Commands get the app's `<plugin id>:` id prefix and
 * `<plugin name>: ` name prefix; status bar items, commands and setting tabs are removed on
 * unload. `loadData` reads `<configDir>/plugins/<id>/data.json` (null when missing; a file that
 * is not JSON makes it throw, stricter than the app, so plugins prove they survive it).
 */
export abstract class Plugin extends Component {
	app: App;
	manifest: PluginManifest;
	readonly statusBarItems: FakeElement[] = [];
	readonly settingTabs: unknown[] = [];
	/** Fake-only: the plugin's ribbon icons, in order. */
	readonly ribbonIcons: (HTMLElement | FakeElement)[] = [];

	constructor(app: App, manifest: PluginManifest) {
		super();
		this.app = app;
		this.manifest = { ...manifest, dir: manifest.dir ?? `${app.vault.configDir}/plugins/${manifest.id}` };
	}

	addStatusBarItem(): FakeElement {
		const element = new FakeElement();
		this.statusBarItems.push(element);
		this.register(() => {
			element.detach();
			this.statusBarItems.splice(this.statusBarItems.indexOf(element), 1);
		});
		return element;
	}

	/** A real element when there is a DOM (UI tests, the browser harness), else a FakeElement. */
	addRibbonIcon(icon: string, title: string, callback: (evt: MouseEvent) => unknown): HTMLElement | FakeElement {
		const element =
			typeof document === "undefined"
				? new FakeElement()
				: createDiv({ cls: "side-dock-ribbon-action clickable-icon" });
		element.setAttr("aria-label", title);
		element.setAttr("data-icon", icon);
		const listener = (evt: Event): void => void callback(evt as MouseEvent);
		element.addEventListener("click", listener);
		this.ribbonIcons.push(element);
		this.register(() => {
			element.removeEventListener("click", listener);
			element.detach();
			this.ribbonIcons.splice(this.ribbonIcons.indexOf(element), 1);
		});
		return element;
	}

	/**
	 * Called by the app when data.json changed on disk behind the plugin (sync, another program);
	 * optional, as in Obsidian (since 1.5.7). Tests call it after changing the file.
	 */
	onExternalSettingsChange?(): unknown;

	registerView(type: string, viewCreator: ViewCreator): void {
		this.app.workspace.registerViewType(type, viewCreator);
		this.register(() => void this.app.workspace.unregisterViewType(type));
	}

	addCommand(command: Command): Command {
		command.id = `${this.manifest.id}:${command.id}`;
		command.name = `${this.manifest.name}: ${command.name}`;
		this.app.commands.addCommand(command);
		const id = command.id;
		this.register(() => this.app.commands.removeCommand(id));
		return command;
	}

	removeCommand(commandId: string): void {
		this.app.commands.removeCommand(`${this.manifest.id}:${commandId}`);
	}

	addSettingTab(settingTab: unknown): void {
		this.settingTabs.push(settingTab);
		this.register(() => this.settingTabs.splice(this.settingTabs.indexOf(settingTab), 1));
	}

	async loadData(): Promise<unknown> {
		const path = this.dataPath();
		if (!(await this.app.vault.adapter.exists(path))) return null;
		return JSON.parse(await this.app.vault.adapter.read(path)) as unknown;
	}

	async saveData(data: unknown): Promise<void> {
		await this.app.vault.adapter.mkdir(this.manifest.dir ?? "");
		await this.app.vault.adapter.write(this.dataPath(), JSON.stringify(data, null, 2));
	}

	private dataPath(): string {
		return normalizePath(`${this.manifest.dir ?? ""}/data.json`);
	}
}
