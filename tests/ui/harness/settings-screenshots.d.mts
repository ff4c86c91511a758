// Types of settings-screenshots.mjs for the TypeScript tests that reuse its vault and opening.
import type { Page } from "playwright-core";

export const SETTINGS_FILES: Record<string, string>;
export function openSettings(page: Page): Promise<void>;
