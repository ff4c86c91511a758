import type { Plugin as EsbuildPlugin } from "esbuild";
import type { Plugin as VitePlugin } from "vite";

export function bundleWorker(
	name: string,
	options?: { minify?: boolean },
): Promise<{ code: string; watchFiles: string[] }>;
export function ortWasmBrotli(): { brotli: Buffer; size: number };
export function inlineWorkerPlugin(options?: { minify?: boolean; pack?: boolean }): EsbuildPlugin;
export function inlineWorkerVitePlugin(): VitePlugin;
