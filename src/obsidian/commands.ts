import { Notice, type Plugin } from "obsidian";
import type { EngineService } from "./engine-service";
import { formatSummary } from "./summary-text";

const SUMMARY_NOTICE_MS = 15_000;

/** The index commands (no default hotkeys: the user picks them). */
export function addMemoryCommands(plugin: Plugin, memory: EngineService): void {
	plugin.addCommand({
		id: "rebuild-index",
		name: "Rebuild memory index",
		callback: async () => {
			const report = await memory.rebuild();
			if (report) new Notice(`Memory index rebuilt: ${report.notes} notes, ${report.edges} links in ${Math.round(report.ms)} ms.`);
		},
	});
	plugin.addCommand({
		id: "show-index-summary",
		name: "Show memory index summary",
		callback: () => {
			const { summary, warnings } = memory.summary();
			new Notice(formatSummary(summary, warnings), SUMMARY_NOTICE_MS);
		},
	});
}
