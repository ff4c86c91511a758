/**
 * The defaults of the hook settings (`mcp.hooks`, src/core/model/hook-settings.ts), kept free of
 * zod so the hook process can use them when a server predates the settings resource.
 */
export const HOOK_DEFAULTS = {
	sessionStart: true,
	promptRecall: true,
	checkpoints: true,
	promptRecallLimit: 3,
	minSimilarity: 0.5,
	minTerms: 3,
	minCoverage: 0.5,
} as const;

export interface HookSettingsView {
	sessionStart: boolean;
	promptRecall: boolean;
	checkpoints: boolean;
	promptRecallLimit: number;
	minSimilarity: number;
	minTerms: number;
	minCoverage: number;
}

/** The settings the server sent, each field falling back to its default when missing or of the wrong type. */
export function hookSettingsFrom(json: unknown): HookSettingsView {
	const sent = typeof json === "object" && json !== null ? (json as Record<string, unknown>) : {};
	const pick = <K extends keyof HookSettingsView>(key: K): HookSettingsView[K] =>
		typeof sent[key] === typeof HOOK_DEFAULTS[key] ? (sent[key] as HookSettingsView[K]) : HOOK_DEFAULTS[key];
	return {
		sessionStart: pick("sessionStart"),
		promptRecall: pick("promptRecall"),
		checkpoints: pick("checkpoints"),
		promptRecallLimit: pick("promptRecallLimit"),
		minSimilarity: pick("minSimilarity"),
		minTerms: pick("minTerms"),
		minCoverage: pick("minCoverage"),
	};
}
