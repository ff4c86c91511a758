import type { Page } from "playwright-core";

export function bundleFakeObsidian(): Promise<string>;
export function withPluginPage(
	options: { theme: "light" | "dark"; files?: Record<string, string>; width?: number; height?: number },
	use: (page: Page) => Promise<void>,
): Promise<void>;
