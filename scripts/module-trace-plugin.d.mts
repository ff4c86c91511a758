import type { Plugin as EsbuildPlugin } from "esbuild";

export const TRACE_GLOBAL: string;
export function moduleTracePlugin(root: string): EsbuildPlugin;
