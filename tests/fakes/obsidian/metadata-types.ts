// Type-only: under tsc "obsidian" is the real typings package, so the fake's data shapes are
// checked against the app's declarations (at run time vitest maps "obsidian" to this fake).
export type { BlockCache, CachedMetadata, Command, DataWriteOptions, PluginManifest, Pos } from "obsidian";
