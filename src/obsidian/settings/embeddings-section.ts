import { normalizePath } from "obsidian";
import { errorMessage } from "../../core/model/error-message";
import type { SettingRow, SettingsContext } from "./settings-context";

/** Where downloaded models live: one sub-folder per model id in the plugin's folder. */
export function modelFolder(context: SettingsContext, modelId: string): string {
	const { plugin } = context;
	return normalizePath(
		`${plugin.manifest.dir ?? `${plugin.app.vault.configDir}/plugins/${plugin.manifest.id}`}/models/${modelId}`,
	);
}

/** The embedding rows above the schema's fields: the model's state, download with progress, removal, the queue. */
export function embeddingRows(context: SettingsContext): SettingRow[] {
	const { store, embeddings, memory, app } = context;
	return [
		{
			name: "Embedding model",
			desc: "Semantic recall needs a small sentence model (about 23 MB for the default, quantized). Nothing is downloaded until you press download; after that it loads from the plugin's folder.",
			render: (setting) => {
				const status = setting.descEl.createDiv({ cls: "causal-memory-model-status" });
				const show = (text: string): void => status.setText(text);
				const describe = async (): Promise<void> => {
					const { modelId, localModelFolder } = store.get().embeddings;
					if (localModelFolder !== "") return show(`Uses the model files in "${localModelFolder}".`);
					const present = await app.vault.adapter.exists(modelFolder(context, modelId));
					show(present ? `${modelId} is downloaded.` : `${modelId} is not downloaded.`);
				};
				void describe();
				setting.addButton((button) =>
					button
						.setButtonText("Download")
						.setCta()
						.onClick(async () => {
							button.setDisabled(true);
							try {
								await store.update((settings) => ({
									...settings,
									embeddings: { ...settings.embeddings, allowDownload: true },
								}));
								const embedder = await embeddings.prepare((event) => {
									const percent = event.fraction === undefined ? "" : ` ${Math.round(event.fraction * 100)}%`;
									show(`${event.stage === "download" ? "Downloading" : "Loading"} ${event.file ?? ""}${percent}`);
								});
								show(`${embedder.modelId} is ready (${embedder.dimensions} dimensions).`);
							} catch (error) {
								show(`The model could not be loaded: ${errorMessage(error)}`);
							} finally {
								button.setDisabled(false);
							}
						}),
				);
				setting.addButton((button) =>
					button.setButtonText("Remove").onClick(async () => {
						const { modelId } = store.get().embeddings;
						const folder = modelFolder(context, modelId);
						await embeddings.dispose();
						if (await app.vault.adapter.exists(folder)) await app.vault.adapter.rmdir(folder, true);
						await store.update((settings) => ({
							...settings,
							embeddings: { ...settings.embeddings, allowDownload: false },
						}));
						show(`${modelId} was removed; recall uses keywords only.`);
					}),
				);
			},
		},
		{
			name: "Embedding queue",
			desc: "Notes waiting to be embedded.",
			render: (setting) => {
				const text = setting.controlEl.createSpan({ cls: "causal-memory-queue" });
				const draw = (): void => {
					text.setText(memory.isStarted ? String(memory.engine.inspector.stats().pendingEmbeddings) : "Not started");
				};
				draw();
				const timer = window.setInterval(draw, 2000);
				return () => window.clearInterval(timer);
			},
		},
	];
}
