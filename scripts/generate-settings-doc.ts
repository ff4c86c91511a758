/**
 * Writes docs/settings.md from the settings schemas, grouped as the settings tab shows them, so
 * the document cannot drift, and src/core/model/settings-defaults.ts (the defaults the plugin
 * loads with): `node scripts/run-ts.mjs scripts/generate-settings-doc.ts`
 * (npm run docs:settings). tests/docs/settings-doc.test.ts fails when the committed file differs.
 */
import { writeFileSync } from "node:fs";
import { printLine } from "../src/node/cli/terminal";
import { defaultsFromSchemas } from "../src/core/model/settings";
import { renderSettingsDefaults, SETTINGS_DEFAULTS_PATH } from "./settings-defaults-source";
import {
	optionLabel,
	rangeSentence,
	settingFields,
	valueAt,
	type SettingField,
} from "../src/core/model/setting-fields";
import {
	ADVANCED,
	FIRST_SCREEN,
	fieldsOfGroup,
	subheadingOf,
	type SettingGroupSpec,
} from "../src/obsidian/settings/setting-groups";

export const SETTINGS_DOC_PATH = "docs/settings.md";

// Not DEFAULT_SETTINGS: that is the generated file this script writes.
const SCHEMA_DEFAULTS = defaultsFromSchemas();

function allowed(field: SettingField): string {
	switch (field.kind) {
		case "number":
			return rangeSentence(field) || "A number.";
		case "boolean":
			return "On or off.";
		case "choice":
			return (field.options ?? [])
				.map((option) => {
					const label = optionLabel(field, option);
					return label === option ? `\`${option}\`` : `\`${option}\` (${label})`;
				})
				.join(", ");
		case "list":
			return "A list.";
		case "map": {
			const value = field.value;
			const values =
				value?.kind === "number"
					? rangeSentence(value)
					: value?.kind === "choice"
						? `One of ${value.options.map((option) => `\`${option}\``).join(", ")}.`
						: "";
			return `One row per ${(field.keyLabel ?? "key").toLowerCase()}. ${values}`.trim();
		}
		default:
			return "Text.";
	}
}

function defaultText(field: SettingField): string {
	const value = valueAt(SCHEMA_DEFAULTS, field.path);
	if (value === undefined) return "generated";
	const text = JSON.stringify(value);
	return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

const cell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

/**
 * When a change of each setting takes effect while the plugin or `serve` runs (src/engine/settings/settings-effects.ts,
 * src/obsidian/settings/live-settings.ts, src/node/cli/serve-command.ts). Every setting's key starts with one prefix
 * here, or the script fails: a new setting needs its row.
 */
const WHEN_SETTINGS_APPLY: readonly { keys: readonly string[]; obsidian: string; headless: string }[] = [
	{
		keys: ["index.excludedFolders", "index.excludeTemplatesFolder", "index.maxNoteBytes"],
		obsidian:
			"At once: from the moment the change is applied MCP clients can no longer read a note it leaves out, and the note leaves the graph, recall, search and the embeddings in the background, in time slices (2,000 notes of a 20,000-note vault in about 1 s). Its activity and lifecycle are kept, as after a restart, so including it again brings its history back; notes let in are read as new ones.",
		headless:
			"The same, within about a second of data.json changing (it is checked every 0.5 s). `excludeTemplatesFolder` has no effect: serve does not read the Templates core plugin's folder.",
	},
	{
		keys: ["index.edgeKeys", "keyword."],
		obsidian:
			"Every note is read again in the background (as the rebuild command does); recall and search answer meanwhile from the notes read so far, marked partial.",
		headless: "The same.",
	},
	{
		keys: ["scoring."],
		obsidian:
			"Each maintenance pass reads them; a pass runs 1.5 s after the last change, so statuses and retention follow at once.",
		headless: "The same.",
	},
	{
		keys: ["maintenance.passIntervalMinutes"],
		obsidian: "The schedule is re-armed: the next automatic pass comes the new interval after the change.",
		headless: "The same.",
	},
	{
		keys: ["maintenance."],
		obsidian: "At the next use: the next frontmatter write, prune or MCP store.",
		headless: "The same.",
	},
	{ keys: ["recall."], obsidian: "At the next recall.", headless: "The same." },
	{
		keys: ["mcp.readFolders", "mcp.writeFolders", "mcp.allowMemoryKeysOnOtherNotes"],
		obsidian: "At the next tool call: every permission check reads them.",
		headless: "The same.",
	},
	{
		keys: ["mcp.enabled", "mcp.port", "mcp.fixedPort", "mcp.idleSessionMinutes", "mcp.maxSessions"],
		obsidian:
			"The server restarts with them (it binds the port and sets its session limits when it starts): open sessions close and clients connect again; after a port change, at the new URL.",
		headless:
			"The same for the port (unless `--port` was given), `fixedPort` (unless `--fixed-port` was given) and the session limits; the new URL is logged. `enabled` is ignored: `serve` always serves.",
	},
	{
		keys: ["mcp.token"],
		obsidian:
			"The server restarts with the new token: the old one is refused from then on. A token removed from the file is replaced by a new one.",
		headless:
			"The same when serve took its token from data.json; a token given by `--token`, `--token-file` or CAUSAL_MEMORY_TOKEN stays, and so does the served token when the file loses it.",
	},
	{
		keys: ["mcp.hooks."],
		obsidian:
			"At the next hook: each hook process reads them from the running server (the `memory://hooks/settings` resource) when Claude Code starts it.",
		headless: "The same.",
	},
	{
		keys: ["mcp.announcedPort"],
		obsidian: "Written by the plugin itself (the port it last told you about); nothing to apply.",
		headless: "Not used.",
	},
	{
		keys: ["embeddings."],
		obsidian:
			"When the model next loads: at the next start of the plugin (or when semantic recall is turned on and no model is loaded yet). Another model means embedding every note again and a vector cache of its own, so it is not swapped under a running recall.",
		headless: "At the next start of `serve` (a change is logged).",
	},
];

function whenSettingsApply(fields: readonly SettingField[]): string {
	const matches = (key: string, prefix: string): boolean =>
		prefix.endsWith(".") ? key.startsWith(prefix) : key === prefix;
	for (const field of fields)
		if (!WHEN_SETTINGS_APPLY.some((row) => row.keys.some((prefix) => matches(field.key, prefix))))
			throw new Error(`${field.key}: add it to WHEN_SETTINGS_APPLY (scripts/generate-settings-doc.ts)`);
	const rows = WHEN_SETTINGS_APPLY.map(
		(row) =>
			`| ${row.keys.map((key) => `\`${key.endsWith(".") ? `${key}*` : key}\``).join(", ")} | ${cell(row.obsidian)} | ${cell(row.headless)} |`,
	);
	return [
		"## When settings apply",
		"",
		"Every setting but the embedding model applies while the plugin or `causal-memory serve` runs, without a",
		"restart, whether it changed in the settings tab or in data.json on disk (sync, another device, a hand edit:",
		"Obsidian reports it through `onExternalSettingsChange`, `serve` checks the file every 0.5 s). A changed file that",
		"is not valid JSON or holds an invalid value changes nothing: the plugin shows a notice, `serve` logs each problem",
		"with the field and the fix, and the settings in effect stay until the file is fixed. The first row that matches a",
		"setting says when its change takes effect:",
		"",
		"| settings | in Obsidian | headless (`serve`) |",
		"|---|---|---|",
		...rows,
	].join("\n");
}

function groupSection(fields: readonly SettingField[], group: SettingGroupSpec): string {
	const rows = fieldsOfGroup(fields, group).map((field) => {
		const heading = subheadingOf(field);
		const name = heading === "" ? field.name : `${heading} › ${field.name}`;
		return `| ${cell(name)}${field.internal ? " (not in the tab)" : ""} | \`${field.key}\` | \`${cell(defaultText(field))}\` | ${cell(allowed(field))} | ${cell(field.description)} |`;
	});
	if (rows.length === 0) return "";
	return [
		`### ${group.heading}`,
		"",
		"| setting | key in data.json | default | allowed | what it does |",
		"|---|---|---|---|---|",
		...rows,
	].join("\n");
}

export function renderSettingsDoc(): string {
	const fields = settingFields();
	const sections = (groups: readonly SettingGroupSpec[]): string =>
		groups
			.map((group) => groupSection(fields, group))
			.filter((section) => section !== "")
			.join("\n\n");
	return `# Settings

<!-- Generated by \`npm run docs:settings\` (scripts/generate-settings-doc.ts) from the zod schemas in
src/core/model/*settings.ts and the groups of the settings tab. Do not edit by hand. -->

Every setting lives in the plugin's \`data.json\` (\`<vault>/.obsidian/plugins/causal-memory/data.json\`; the
headless \`causal-memory serve\` and \`maintain\` read the same file) and appears in the plugin's settings tab,
grouped as below. A value is checked as you type: an invalid one shows the message of its schema and is not
saved. A save writes only the fields it changed, so edits made by sync or by hand to other fields survive;
the plugin re-reads the file when Obsidian reports it changed, and a change applies without a restart (see
"When settings apply").

## First screen and Advanced

The tab opens on a first screen of what a new user sets: the memory folders, the lifecycle (the
half-life and the two thresholds, with the decay chart redrawn as you type, and what pruning does), the MCP
server and how to connect Claude, semantic recall, and what the plugin and its clients may write. Everything
else (scoring, core memories, recall and keyword search, connections, the Claude Code plugin's hooks, the
embedding model) is one click away under **Advanced**: a sub-page in Obsidian 1.13 and later, where the
settings search still finds every row, and a section folded under a button in older versions. Every group
with settings of its own has a button that resets that group, and only it, to the defaults. Maps (the
properties that make typed links, the least similarity per model) are edited as one row per key.

Where a setting is shown is said in one place, \`src/obsidian/settings/setting-groups.ts\`; its name, unit and
option labels come from its schema's \`.meta()\`. A setting no group claims appears under "Other settings" in
Advanced, so a new one is never hidden. Screenshots: the first screen in
[light](images/settings-light.png) and [dark](images/settings-dark.png), Advanced open in
[light](images/settings-advanced-light.png) and [dark](images/settings-advanced-dark.png).

Before the tab, on the first start, a welcome offers what the first screen's MCP server and semantic recall
rows do, one click each: copy the Claude Code line, add the server to the Claude desktop app (the same
preview first), turn on semantic recall (its row follows the download); and it says whether a client has
connected yet. \`data.json\` records that it was shown (\`welcomed\`), so it opens once per vault. Screenshots:
[just opened](images/welcome-light.png) ([dark](images/welcome-dark.png)), and
[Claude Code connected, the model downloading](images/welcome-connected-light.png)
([dark](images/welcome-connected-dark.png)).

${whenSettingsApply(fields)}

## First screen

${sections(FIRST_SCREEN)}

## Advanced

${sections(ADVANCED)}
`;
}

export function main(): void {
	writeFileSync(SETTINGS_DOC_PATH, renderSettingsDoc());
	printLine(`wrote ${SETTINGS_DOC_PATH}`);
	writeFileSync(SETTINGS_DEFAULTS_PATH, renderSettingsDefaults());
	printLine(`wrote ${SETTINGS_DEFAULTS_PATH}`);
}
