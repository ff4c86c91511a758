import type { SettingRow, SettingsContext } from "./settings-context";

/** What the next maintenance pass would write with the whole-vault scope, and confirming it. */
export function frontmatterPreviewRow(context: SettingsContext): SettingRow {
	const { store, memory } = context;
	return {
		name: "Preview of the next pass",
		desc: "Only the memory_status key changes; bodies, other properties and modification times stay as they are.",
		render: (setting) => {
			const box = setting.descEl.createDiv({ cls: "causal-memory-preview" });
			const draw = (): void => {
				box.empty();
				const maintenance = memory.maintenance();
				if (maintenance === null) return void box.setText("Shown once the vault is indexed.");
				const { writeScope: scope, vaultWritesConfirmed } = store.get().maintenance;
				const preview = maintenance.previewWrites(scope);
				box.createDiv({
					text: `${preview.notes} notes would change (${preview.outsideMemoryFolder} outside the memory folder).`,
				});
				for (const [status, count] of Object.entries(preview.byStatus))
					box.createDiv({
						text: `${count} → ${status === "active" ? "no memory_status (active)" : `memory_status: ${status}`}`,
					});
				for (const example of preview.examples)
					box.createDiv({
						cls: "causal-memory-preview-example",
						text: `${example.path}: ${example.status ?? "remove memory_status"}`,
					});
				if (scope === "vault" && !vaultWritesConfirmed)
					box.createDiv({
						cls: "causal-memory-setting-error",
						text: "The whole-vault scope writes nothing outside the memory folder until you confirm.",
					});
			};
			setting.addButton((button) =>
				button.setButtonText("Confirm whole-vault writes").onClick(() => {
					void store.update((settings) => ({
						...settings,
						maintenance: { ...settings.maintenance, writeScope: "vault", vaultWritesConfirmed: true },
					}));
				}),
			);
			setting.addExtraButton((button) => button.setIcon("refresh-cw").setTooltip("Refresh the preview").onClick(draw));
			draw();
			return store.onChange(draw);
		},
	};
}
