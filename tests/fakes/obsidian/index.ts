/**
 * A fake of the parts of the `obsidian` module this project uses, backed by a real folder so
 * tests can look at the files. Vitest maps `import "obsidian"` here (vitest.config.ts).
 * Fake-only helpers (`triggerLayoutReady`, `whenIdle`, `Notice.messages`, …) are marked so.
 */
import { globalObject } from "../global-object";
import { installClipboard } from "./clipboard";

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
export { Plugin } from "./plugin";
export { DEFAULT_CONFIG_DIR, Vault, type TrashOption } from "./vault";
export { Workspace } from "./workspace";

// Obsidian's renderer has a `window`; plugin code uses its timers (popout-safe). Tests run in Node.
globalObject.window ??= globalObject;
installClipboard();
