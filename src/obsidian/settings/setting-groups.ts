import type { SettingField } from "../../core/model/setting-fields";

/** Rows of the tab that are not one schema field each: state, actions, the chart. */
export type ExtraRowId = "decay-chart" | "mcp" | "embeddings";

/** A row of a group: the fields under a dotted key prefix (in schema order), or an extra row. */
type GroupRow = string | { extra: ExtraRowId };

export interface SettingGroupSpec {
	id: string;
	heading: string;
	/** The first screen, or the collapsed Advanced section. */
	place: "first" | "advanced";
	rows: readonly GroupRow[];
}

/**
 * The tab's layout, the one place that says where a setting is shown. A field belongs to the
 * first group (first screen, then Advanced) with a matching prefix; a field no group claims goes
 * to "Other settings" in Advanced, so a setting added later is always shown. Names, units and
 * descriptions come from the schemas' `.meta()`. Headings are all different, and none is the
 * title of a schema object shown as a sub-heading.
 */
const SETTING_GROUPS: readonly SettingGroupSpec[] = [
	{
		id: "folders",
		heading: "Memory folders",
		place: "first",
		rows: ["maintenance.memoryFolder", "index.excludedFolders", "index.excludeTemplatesFolder"],
	},
	{
		id: "lifecycle",
		heading: "Lifecycle",
		place: "first",
		rows: [
			{ extra: "decay-chart" },
			"scoring.relevance.halfLifeDays",
			"scoring.lifecycle.dormantThreshold",
			"scoring.lifecycle.fadingThreshold",
			"maintenance.pruneAction",
		],
	},
	{ id: "server", heading: "MCP server", place: "first", rows: ["mcp.enabled", { extra: "mcp" }] },
	{ id: "semantic", heading: "Semantic recall", place: "first", rows: [{ extra: "embeddings" }] },
	{
		id: "writes",
		heading: "Write permissions",
		place: "first",
		rows: ["maintenance.writeScope", "maintenance.vaultWritesConfirmed", "mcp.writeFolders"],
	},
	{ id: "core", heading: "Core memories", place: "advanced", rows: ["scoring.core"] },
	{ id: "scoring", heading: "Scoring", place: "advanced", rows: ["scoring"] },
	{ id: "maintenance", heading: "Maintenance", place: "advanced", rows: ["maintenance"] },
	{ id: "model", heading: "Embedding model", place: "advanced", rows: ["embeddings"] },
	{
		id: "connections",
		heading: "Connections",
		place: "advanced",
		rows: ["mcp.port", "mcp.fixedPort", "mcp.idleSessionMinutes", "mcp.maxSessions", "mcp.token", "mcp.announcedPort"],
	},
	{
		id: "access",
		heading: "Client access",
		place: "advanced",
		rows: ["mcp.readFolders", "mcp.allowMemoryKeysOnOtherNotes"],
	},
	{ id: "hooks", heading: "Claude Code plugin", place: "advanced", rows: ["mcp.hooks"] },
	{ id: "indexing", heading: "Indexing", place: "advanced", rows: ["index"] },
	{ id: "keyword", heading: "Keyword search", place: "advanced", rows: ["keyword"] },
	{ id: "recall", heading: "Recall", place: "advanced", rows: ["recall"] },
	{ id: "other", heading: "Other settings", place: "advanced", rows: [] },
];

const OTHER_GROUP = "other";

function matches(key: string, prefix: string): boolean {
	return key === prefix || key.startsWith(`${prefix}.`);
}

const fieldPrefixes = (group: SettingGroupSpec): string[] =>
	group.rows.filter((row): row is string => typeof row === "string");

/** The group a field is shown in, and the prefix that put it there. */
function placeOf(field: SettingField): { group: SettingGroupSpec; prefix: string } {
	for (const group of SETTING_GROUPS) {
		const prefix = fieldPrefixes(group).find((candidate) => matches(field.key, candidate));
		if (prefix !== undefined) return { group, prefix };
	}
	const other = SETTING_GROUPS.find((group) => group.id === OTHER_GROUP) as SettingGroupSpec;
	return { group: other, prefix: "" };
}

/** A group's fields (internal ones too), in the order of its rows, then schema order. */
export function fieldsOfGroup(fields: readonly SettingField[], group: SettingGroupSpec): SettingField[] {
	const mine = fields.filter((field) => placeOf(field).group.id === group.id);
	if (group.id === OTHER_GROUP) return mine;
	return fieldPrefixes(group).flatMap((prefix) => mine.filter((field) => placeOf(field).prefix === prefix));
}

/**
 * The sub-heading of a field inside its group: the titles of the schema objects it sits in below
 * the prefix that placed it ("" for none), so "Core memories" does not repeat under its group.
 */
export function subheadingOf(field: SettingField): string {
	const { prefix } = placeOf(field);
	const depth = prefix === "" ? 0 : prefix.split(".").length - 1;
	return field.sections
		.slice(depth)
		.map((section) => section.title)
		.join(" › ");
}

export const FIRST_SCREEN = SETTING_GROUPS.filter((group) => group.place === "first");
export const ADVANCED = SETTING_GROUPS.filter((group) => group.place === "advanced");
