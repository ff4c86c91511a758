import type { SettingField } from "../../core/model/setting-fields";

export type GroupId = "memory" | "scoring" | "frontmatter" | "core" | "embeddings" | "mcp" | "advanced";

export interface SettingGroupSpec {
	id: GroupId;
	heading: string;
	/** Dotted key prefixes of the fields in this group; a field goes to the first group with a matching prefix. */
	prefixes: readonly string[];
}

/** The tab's groups in order. A field no group claims goes to Advanced, so a new setting always appears. */
export const SETTING_GROUPS: readonly SettingGroupSpec[] = [
	{
		id: "memory",
		heading: "Memory",
		prefixes: ["maintenance.memoryFolder", "index.excludedFolders", "index.excludeTemplatesFolder"],
	},
	{
		id: "scoring",
		heading: "Scoring and lifecycle",
		prefixes: [
			"scoring.relevance",
			"scoring.connectivity",
			"scoring.reactivation",
			"scoring.lifecycle",
			"maintenance.passIntervalMinutes",
			"maintenance.pruneAction",
			"maintenance.archiveFolder",
		],
	},
	{
		id: "frontmatter",
		heading: "Frontmatter writes",
		prefixes: ["maintenance.writeScope", "maintenance.vaultWritesConfirmed", "maintenance.writesPerSecond"],
	},
	{ id: "core", heading: "Core memories", prefixes: ["scoring.core"] },
	{ id: "embeddings", heading: "Embeddings", prefixes: ["embeddings"] },
	{ id: "mcp", heading: "MCP server", prefixes: ["mcp"] },
	{ id: "advanced", heading: "Advanced", prefixes: [] },
];

function matches(key: string, prefix: string): boolean {
	return key === prefix || key.startsWith(`${prefix}.`);
}

export function groupOf(field: SettingField): GroupId {
	return SETTING_GROUPS.find((group) => group.prefixes.some((prefix) => matches(field.key, prefix)))?.id ?? "advanced";
}

export function fieldsOfGroup(fields: readonly SettingField[], group: GroupId): SettingField[] {
	return fields.filter((field) => groupOf(field) === group);
}
