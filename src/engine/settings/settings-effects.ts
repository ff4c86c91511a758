import type { MemorySettings } from "../../core/model/settings";
import { changedPaths } from "../../core/model/settings-changes";

/**
 * What a settings change asks of the parts of the engine built from the settings before it.
 * Everything else is read where it is used (recall, permissions, write folders, frontmatter
 * writes, scoring inside a pass), so it applies at its next use without any of these.
 */
export interface SettingsEffects {
	/** Which notes are memories changed (excluded folders, size limit, edge keys): the index re-filters its graph. */
	index: boolean;
	/** Every note must be read again: the edge keys or the keyword index's settings changed. */
	reindex: boolean;
	/** The keyword index is built with other settings. */
	keyword: boolean;
	/** The maintenance schedule is re-armed. */
	passInterval: boolean;
	/** Retention and statuses are recomputed by a pass. */
	rescore: boolean;
}

export function settingsEffects(previous: MemorySettings, next: MemorySettings): SettingsEffects {
	const changed = (group: keyof MemorySettings, field?: string): boolean =>
		changedPaths(previous[group], next[group]).some((path) => field === undefined || path[0] === field);
	const edgeKeys = changed("index", "edgeKeys");
	const keyword = changed("keyword");
	return {
		index: changed("index"),
		reindex: edgeKeys || keyword,
		keyword,
		passInterval: changed("maintenance", "passIntervalMinutes"),
		rescore: changed("scoring"),
	};
}
