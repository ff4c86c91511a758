import { PluginSettingTab, Setting, type SettingDefinitionItem } from "obsidian";
import { DEFAULT_SETTINGS, changeSettings, settingFields, valueAt } from "../../core/model/setting-fields";
import { drawDecayChart } from "./decay-chart";
import { embeddingRows } from "./embeddings-section";
import { fieldRow } from "./field-row";
import { frontmatterPreviewRow } from "./frontmatter-preview";
import { mcpRows } from "./mcp-section";
import { SETTING_GROUPS, fieldsOfGroup, type GroupId, type SettingGroupSpec } from "./setting-groups";
import type { SettingRow, SettingsContext } from "./settings-context";

/** Rows a group shows before its schema fields (state, actions, the chart). */
function extraRows(context: SettingsContext, group: GroupId): SettingRow[] {
	switch (group) {
		case "scoring":
			return [
				{
					name: "Decay over a year",
					desc: "How typical notes move through active, dormant and fading with the settings below, computed by the maintenance pass's own scoring. Redrawn as you change a value.",
					render: (setting) => {
						setting.setClass("causal-memory-chart-row");
						const chart = setting.settingEl.createDiv({ cls: "causal-memory-chart-box" });
						drawDecayChart(chart, context.store.get().scoring);
						return context.store.onChange((settings, previous) => {
							if (settings.scoring !== previous.scoring) drawDecayChart(chart, settings.scoring);
						});
					},
				},
			];
		case "frontmatter":
			return [frontmatterPreviewRow(context)];
		case "embeddings":
			return embeddingRows(context);
		case "mcp":
			return mcpRows(context);
		default:
			return [];
	}
}

/** Every row of a group: its extra rows, then one row per schema field the group holds. */
export function groupRows(context: SettingsContext, group: GroupId): SettingRow[] {
	const fields = fieldsOfGroup(settingFields(), group).filter((field) => !field.internal);
	const rows = extraRows(context, group);
	let section = "";
	for (const field of fields) {
		// Fields of a nested schema object (relevance, weights, spreading…) get its name as a sub-heading.
		if (field.section !== section && field.section !== "") rows.push(subheading(field.section));
		section = field.section;
		rows.push(fieldRow(context, field));
	}
	return rows;
}

function subheading(name: string): SettingRow {
	return { name, desc: "", render: (setting) => void setting.setClass("causal-memory-subheading") };
}

/** Puts every field of the group back to its default (one validated change). */
export async function resetGroup(context: SettingsContext, group: GroupId): Promise<void> {
	const fields = fieldsOfGroup(settingFields(), group).filter((field) => !field.internal);
	const change = changeSettings(
		context.store.get(),
		fields.map((field) => ({ path: field.path, value: structuredClone(valueAt(DEFAULT_SETTINGS, field.path)) })),
	);
	if (change.ok) await context.store.update(() => change.settings);
}

/**
 * The plugin's settings tab, generated from the schemas: Obsidian 1.13+ renders
 * `getSettingDefinitions()` (and indexes it for settings search); older versions call
 * `display()`, which renders the same rows.
 */
export class CausalMemorySettingTab extends PluginSettingTab {
	private cleanups: (() => void)[] = [];

	constructor(private readonly context: SettingsContext) {
		super(context.app, context.plugin);
	}

	override getSettingDefinitions(): SettingDefinitionItem[] {
		return SETTING_GROUPS.map((group) => ({
			type: "group",
			heading: group.heading,
			extraButtons: [
				(button) =>
					button
						.setIcon("rotate-ccw")
						.setTooltip(`Reset ${group.heading.toLowerCase()} to the defaults`)
						.onClick(() => void resetGroup(this.context, group.id)),
			],
			items: groupRows(this.context, group.id).map((row) => ({ name: row.name, desc: row.desc, render: row.render })),
		}));
	}

	override display(): void {
		this.hide();
		const { containerEl } = this;
		containerEl.addClass("causal-memory-settings");
		for (const group of SETTING_GROUPS) this.displayGroup(group);
	}

	override hide(): void {
		while (this.cleanups.length > 0) this.cleanups.pop()?.();
		super.hide();
		this.containerEl.empty();
	}

	private displayGroup(group: SettingGroupSpec): void {
		new Setting(this.containerEl)
			.setName(group.heading)
			.setHeading()
			.addExtraButton((button) =>
				button
					.setIcon("rotate-ccw")
					.setTooltip(`Reset ${group.heading.toLowerCase()} to the defaults`)
					.onClick(() => void resetGroup(this.context, group.id)),
			);
		for (const row of groupRows(this.context, group.id)) {
			const setting = new Setting(this.containerEl).setName(row.name).setDesc(row.desc);
			const cleanup = row.render(setting);
			if (typeof cleanup === "function") this.cleanups.push(cleanup);
		}
	}
}
