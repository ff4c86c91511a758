import { parseEmbeddingSettings, type EmbeddingSettings } from "./embedding-settings";
import { parseIndexSettings, type IndexSettings } from "./index-settings";
import { parseMaintenanceSettings, type MaintenanceSettings } from "./maintenance-settings";
import { parseMcpSettings, type McpSettings } from "./mcp-settings";
import { parseRecallSettings, type RecallSettings } from "./recall-settings";
import { parseKeywordSettings, type KeywordSettings } from "./keyword-settings";
import { parseScoringSettings, type ScoringSettings } from "./scoring-settings";
import { errorMessage } from "./error-message";
import { SETTINGS_DEFAULTS } from "./settings-defaults";

/** Every setting of the plugin, as kept in data.json (and read by the headless server from the same file). */
export interface MemorySettings {
	index: IndexSettings;
	scoring: ScoringSettings;
	maintenance: MaintenanceSettings;
	embeddings: EmbeddingSettings;
	keyword: KeywordSettings;
	recall: RecallSettings;
	mcp: McpSettings;
}

const GROUPS = {
	index: parseIndexSettings,
	scoring: parseScoringSettings,
	maintenance: parseMaintenanceSettings,
	embeddings: parseEmbeddingSettings,
	keyword: parseKeywordSettings,
	recall: parseRecallSettings,
	mcp: parseMcpSettings,
} as const;

/** Validates one group of settings (throws with a message naming the field, as the group's parser does). */
export function parseSettingsGroup<K extends keyof MemorySettings>(group: K, input: unknown): MemorySettings[K] {
	return GROUPS[group](input) as MemorySettings[K];
}

export interface ReadSettings {
	settings: MemorySettings;
	/** Why stored settings could not be used; each group that fails falls back to its defaults. */
	problems: string[];
}

/** Every group's defaults from its zod schema (what src/core/model/settings-defaults.ts holds, generated). */
export function defaultsFromSchemas(): MemorySettings {
	const groups = Object.keys(GROUPS) as (keyof MemorySettings)[];
	return Object.fromEntries(groups.map((group) => [group, parseSettingsGroup(group, {})])) as unknown as MemorySettings;
}

/**
 * Validates stored settings group by group; never throws, so one bad value cannot stop the plugin.
 * A group data.json does not hold takes the generated defaults: its zod schema is not built, which
 * keeps the plugin's load cheap (docs/startup.md).
 */
export function readMemorySettings(data: unknown): ReadSettings {
	const problems: string[] = [];
	let stored: Record<string, unknown> = {};
	if (data !== null && data !== undefined) {
		if (typeof data === "object" && !Array.isArray(data)) stored = data as Record<string, unknown>;
		else problems.push("the saved settings are not a JSON object");
	}
	const read = <K extends keyof MemorySettings>(group: K): MemorySettings[K] => {
		const value = stored[group];
		if (value === undefined || value === null) return structuredClone(SETTINGS_DEFAULTS[group]);
		try {
			return parseSettingsGroup(group, value);
		} catch (error) {
			problems.push(errorMessage(error));
			return structuredClone(SETTINGS_DEFAULTS[group]);
		}
	};
	const settings: MemorySettings = {
		index: read("index"),
		scoring: read("scoring"),
		maintenance: read("maintenance"),
		embeddings: read("embeddings"),
		keyword: read("keyword"),
		recall: read("recall"),
		mcp: read("mcp"),
	};
	return { settings, problems };
}
