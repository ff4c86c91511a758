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

type HookSettingKey = keyof typeof HOOK_DEFAULTS;

/** The hook settings as the hook process reads them: the fields of HOOK_DEFAULTS, widened to their types. */
export type HookSettingsView = {
	[K in HookSettingKey]: (typeof HOOK_DEFAULTS)[K] extends boolean ? boolean : number;
};

/** The settings the server sent, each field falling back to its default when missing or of the wrong type. */
export function hookSettingsFrom(json: unknown): HookSettingsView {
	const sent = typeof json === "object" && json !== null ? (json as Record<string, unknown>) : {};
	const view: HookSettingsView = { ...HOOK_DEFAULTS };
	for (const key of Object.keys(HOOK_DEFAULTS) as HookSettingKey[])
		if (typeof sent[key] === typeof HOOK_DEFAULTS[key]) (view as Record<HookSettingKey, unknown>)[key] = sent[key];
	return view;
}
