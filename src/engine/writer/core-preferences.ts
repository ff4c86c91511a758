import { parseScoringSettings, ScoringSettingsError, type ScoringSettings } from "../../core/model/scoring-settings";
import { MemoryError } from "../../core/model/memory-error";

/** Which memory categories become core: promoted at once (auto), proposed to the user (approval), never (excluded). */
export interface CorePreferences {
	auto: string[];
	approval: string[];
	excluded: string[];
}

const SETTING_OF = { auto: "autoCategories", approval: "approvalCategories", excluded: "excludedCategories" } as const;
type PreferenceField = keyof typeof SETTING_OF;

export function corePreferences(scoring: ScoringSettings): CorePreferences {
	const { core } = scoring;
	return {
		auto: [...core.autoCategories],
		approval: [...core.approvalCategories],
		excluded: [...core.excludedCategories],
	};
}

/**
 * The scoring settings with the given lists replaced (a list left out keeps its value), checked
 * by the scoring settings schema: names trimmed, repeats dropped, no category in two lists.
 */
export function withCorePreferences(
	scoring: ScoringSettings,
	change: Partial<Record<PreferenceField, unknown>>,
): ScoringSettings {
	const core = { ...scoring.core };
	for (const field of Object.keys(SETTING_OF) as PreferenceField[]) {
		const value = change[field];
		if (value !== undefined) core[SETTING_OF[field]] = categoryNames(value, field);
	}
	try {
		return parseScoringSettings({ ...scoring, core });
	} catch (error) {
		if (!(error instanceof ScoringSettingsError)) throw error;
		const problem = error.problems[0] ?? "";
		const field =
			(Object.keys(SETTING_OF) as PreferenceField[]).find((f) => problem.startsWith(`core.${SETTING_OF[f]}`)) ?? null;
		throw new MemoryError(`Core preferences not saved: ${error.problems.map(readable).join("; ")}.`, field);
	}
}

function categoryNames(value: unknown, field: PreferenceField): string[] {
	if (!Array.isArray(value) || value.some((name) => typeof name !== "string")) {
		throw new MemoryError(`${field} must be a list of category names (memory_category values).`, field);
	}
	const names = (value as string[]).map((name) => name.trim());
	if (names.some((name) => name === ""))
		throw new MemoryError(`${field} must not contain an empty category name.`, field);
	return [...new Set(names)];
}

/** `core.approvalCategories must not repeat…` in the words of the tool's arguments. */
function readable(problem: string): string {
	let text = problem;
	for (const field of Object.keys(SETTING_OF) as PreferenceField[])
		text = text.replaceAll(`core.${SETTING_OF[field]}`, field);
	return text;
}
