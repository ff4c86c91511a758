// Types of render.mjs for the TypeScript tests that drive the harness.
import type { Page } from "playwright-core";

export interface PluginPageOptions {
	theme: "light" | "dark";
	files?: Record<string, string>;
	width?: number;
	height?: number;
	scale?: number;
}

export function withPluginPage(options: PluginPageOptions, use: (page: Page) => Promise<void>): Promise<void>;
export function openMemoryView(page: Page, note?: string | null, options?: { padding?: string }): Promise<void>;
export function assertReadablePng(path: string, minWidth?: number): void;
