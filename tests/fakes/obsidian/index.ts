/**
 * A fake of the parts of the `obsidian` module this project uses, backed by a real folder so
 * tests can look at the files. Vitest maps `import "obsidian"` here (vitest.config.ts).
 * Fake-only helpers (`triggerLayoutReady`, `whenIdle`, `Notice.messages`, …) are marked so.
 * The UI part (Setting and its components, PluginSettingTab, Modal, setIcon, the element
 * helpers) works on a real DOM: UI tests run under happy-dom (`// @vitest-environment happy-dom`).
 */
import { globalObject } from "../global-object";
import { installClipboard } from "./clipboard";
import { installDom } from "./dom/install-dom";

export { App, type AppOptions } from "./app";
export { Clipboard } from "./clipboard";
export { Commands } from "./commands";
export { Component } from "./component";
export { FakeDataAdapter } from "./data-adapter";
export { Events, type EventRef } from "./events";
export { FakeElement } from "./fake-element";
export { FileManager } from "./file-manager";
export { TAbstractFile, TFile, TFolder, type FileStats } from "./files";
export { getAllTags, parseFrontMatterAliases, parseFrontMatterTags } from "./frontmatter-functions";
export { MetadataCache } from "./metadata-cache";
export { normalizePath } from "./normalize-path";
export { Notice } from "./notice";
export { Platform } from "./platform";
export { Plugin } from "./plugin";
export { DEFAULT_CONFIG_DIR, Vault, type TrashOption } from "./vault";
export { Tasks } from "./tasks";
export { Workspace } from "./workspace";
export { WorkspaceLeaf, type ViewCreator, type ViewState } from "./workspace-leaf";
export { WindowTracker } from "./window-tracker";
export { ItemView, View } from "./ui/view";
export { BaseComponent, ValueComponent } from "./ui/base-component";
export { ButtonComponent } from "./ui/button-component";
export { DropdownComponent } from "./ui/dropdown-component";
export { ExtraButtonComponent } from "./ui/extra-button-component";
export { Menu, MenuItem } from "./ui/menu";
export { Modal } from "./ui/modal";
export { SearchComponent } from "./ui/search-component";
export { setIcon } from "./ui/set-icon";
export { Setting } from "./ui/setting";
export { FuzzySuggestModal, SuggestModal, type FuzzyMatch, type Instruction } from "./ui/suggest-modal";
export { SettingGroup } from "./ui/setting-group";
export { PluginSettingTab, SettingTab } from "./ui/setting-tab";
export { SliderComponent } from "./ui/slider-component";
export { AbstractTextComponent, TextAreaComponent, TextComponent } from "./ui/text-component";
export { ToggleComponent } from "./ui/toggle-component";

// Obsidian's renderer has a `window`; plugin code uses its timers (popout-safe). Tests run in Node.
globalObject.window ??= globalObject;
installClipboard();
// UI code needs Obsidian's DOM helpers: installed when a DOM is present (happy-dom UI tests, the browser harness).
installDom();
