// Types of welcome-screenshots.mjs for the TypeScript test that reuses its first-run vault and start.
import type { Page } from "playwright-core";

export const DATA_JSON: string;
export const WELCOME_TOKEN: string;
export const WELCOME_PORT: number;
export const FIRST_RUN_FILES: Record<string, string>;
export function startPlugin(page: Page): Promise<boolean>;
