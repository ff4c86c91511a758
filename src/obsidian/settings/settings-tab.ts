import {
	PluginSettingTab,
	Setting,
	type ExtraButtonComponent,
	type SettingDefinitionGroup,
	type SettingDefinitionItem,
} from "obsidian";
import {
	DEFAULT_SETTINGS,
	changeSettings,
	settingFields,
	valueAt,
	type SettingField,
} from "../../core/model/setting-fields";
import { drawDecayChart } from "./decay-chart";
import { embeddingRows } from "./embeddings-section";
import { fieldRow } from "./field-row";
import { mcpRows } from "./mcp-section";
import {
	ADVANCED,
	FIRST_SCREEN,
	fieldsOfGroup,
	subheadingOf,
	type ExtraRowId,
	type SettingGroupSpec,
} from "./setting-groups";
import type { SettingRow, SettingsContext } from "./settings-context";
import { statusWritesRow } from "./status-writes-row";

const ADVANCED_NAME = "Advanced";
const ADVANCED_DESC =
	"Scoring, core memories, recall and keyword search, connections, the Claude Code plugin and the embedding model. The defaults suit most vaults; each group can be reset.";

function decayChartRow(context: SettingsContext): SettingRow {
	return {
		name: "Decay over a year",
		desc: "How typical notes move through active, dormant and fading with these settings, computed by the maintenance pass's own scoring. Redrawn as you change a value.",
		render: (setting) => {
			setting.setClass("causal-memory-chart-row");
			const chart = setting.settingEl.createDiv({ cls: "causal-memory-chart-box" });
			drawDecayChart(chart, context.store.get().scoring);
			return context.store.onChange((settings, previous) => {
				if (settings.scoring !== previous.scoring) drawDecayChart(chart, settings.scoring);
			});
		},
	};
}

function extraRows(context: SettingsContext, extra: ExtraRowId): SettingRow[] {
	switch (extra) {
		case "decay-chart":
			return [decayChartRow(context)];
		case "mcp":
			return mcpRows(context);
		case "embeddings":
			return embeddingRows(context);
	}
}

/** Fields with a row of their own instead of the generic one. */
const OWN_ROWS: Readonly<Record<string, (context: SettingsContext, field: SettingField) => SettingRow>> = {
	"maintenance.writeScope": statusWritesRow,
};

function subheading(name: string): SettingRow {
	return {
		name,
		desc: "",
		render: (setting) => {
			setting.setClass("causal-memory-subheading");
			setting.settingEl.setAttr("data-subheading", name);
		},
	};
}

const shown = (fields: readonly SettingField[]): SettingField[] => fields.filter((field) => !field.internal);

/**
 * Every row of a group in the order of its spec: extra rows, and the fields of each prefix, those
 * of one schema object together under its sub-heading (each sub-heading once).
 */
function groupRows(context: SettingsContext, group: SettingGroupSpec): SettingRow[] {
	const fields = shown(fieldsOfGroup(settingFields(), group));
	const rows: SettingRow[] = [];
	const done = new Set<string>();
	for (const spec of group.rows) {
		if (typeof spec !== "string") {
			rows.push(...extraRows(context, spec.extra));
			continue;
		}
		const bySubheading = new Map<string, SettingField[]>();
		for (const field of fields.filter((candidate) => !done.has(candidate.key))) {
			if (field.key !== spec && !field.key.startsWith(`${spec}.`)) continue;
			done.add(field.key);
			const heading = subheadingOf(field);
			bySubheading.set(heading, [...(bySubheading.get(heading) ?? []), field]);
		}
		for (const [heading, members] of bySubheading) {
			if (heading !== "") rows.push(subheading(heading));
			for (const field of members) rows.push((OWN_ROWS[field.key] ?? fieldRow)(context, field));
		}
	}
	return rows;
}

/** Puts every field the group shows back to its default (one validated change). */
async function resetGroup(context: SettingsContext, group: SettingGroupSpec): Promise<void> {
	const change = changeSettings(
		context.store.get(),
		shown(fieldsOfGroup(settingFields(), group)).map((field) => ({
			path: field.path,
			value: structuredClone(valueAt(DEFAULT_SETTINGS, field.path)),
		})),
	);
	if (change.ok) await context.store.update(() => change.settings);
}

/** The group's reset button, or none for a group without settings of its own. */
function resetButton(context: SettingsContext, group: SettingGroupSpec): ((button: ExtraButtonComponent) => void)[] {
	if (shown(fieldsOfGroup(settingFields(), group)).length === 0) return [];
	return [
		(button) =>
			button
				.setIcon("rotate-ccw")
				.setTooltip(`Reset ${group.heading.toLowerCase()} to the defaults`)
				.onClick(() => void resetGroup(context, group)),
	];
}

/**
 * The plugin's settings tab: a first screen of the settings a new user needs, and one collapsed
 * Advanced section with the rest, each group with its reset button (setting-groups.ts says what
 * goes where). Obsidian 1.13+ renders `getSettingDefinitions()` (Advanced is a sub-page, and
 * every row is found by the settings search); older versions call `display()`, which renders the
 * same rows with Advanced folded under a button.
 */
export class CausalMemorySettingTab extends PluginSettingTab {
	private cleanups: (() => void)[] = [];

	constructor(private readonly context: SettingsContext) {
		super(context.app, context.plugin);
	}

	override getSettingDefinitions(): SettingDefinitionItem[] {
		const group = (spec: SettingGroupSpec): SettingDefinitionGroup => ({
			type: "group",
			heading: spec.heading,
			cls: `causal-memory-group-${spec.id}`,
			extraButtons: resetButton(this.context, spec),
			items: groupRows(this.context, spec).map((row) => ({ name: row.name, desc: row.desc, render: row.render })),
		});
		return [
			...FIRST_SCREEN.map(group),
			{
				type: "page",
				name: ADVANCED_NAME,
				desc: ADVANCED_DESC,
				items: ADVANCED.filter((spec) => groupRows(this.context, spec).length > 0).map(group),
			},
		];
	}

	override display(): void {
		this.hide();
		const { containerEl } = this;
		containerEl.addClass("causal-memory-settings");
		for (const group of FIRST_SCREEN) this.displayGroup(containerEl, group);
		const body = containerEl.createDiv({ cls: "causal-memory-advanced" });
		body.hide();
		let filled = false;
		const toggle = new Setting(containerEl).setName(ADVANCED_NAME).setDesc(ADVANCED_DESC);
		toggle.settingEl.addClass("causal-memory-advanced-toggle");
		containerEl.insertBefore(toggle.settingEl, body);
		toggle.addButton((button) =>
			button.setButtonText("Show").onClick(() => {
				if (!filled) for (const group of ADVANCED) this.displayGroup(body, group);
				filled = true;
				body.toggle(!body.isShown());
				button.setButtonText(body.isShown() ? "Hide" : "Show");
			}),
		);
	}

	override hide(): void {
		while (this.cleanups.length > 0) this.cleanups.pop()?.();
		super.hide();
		this.containerEl.empty();
	}

	private displayGroup(parent: HTMLElement, group: SettingGroupSpec): void {
		const rows = groupRows(this.context, group);
		if (rows.length === 0) return;
		const heading = new Setting(parent).setName(group.heading).setHeading();
		for (const button of resetButton(this.context, group)) heading.addExtraButton(button);
		for (const row of rows) {
			const setting = new Setting(parent).setName(row.name).setDesc(row.desc);
			const cleanup = row.render(setting);
			if (typeof cleanup === "function") this.cleanups.push(cleanup);
		}
	}
}
