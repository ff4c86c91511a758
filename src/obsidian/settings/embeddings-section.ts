import type { Setting } from "obsidian";
import { errorMessage } from "../../core/model/error-message";
import type { SemanticRecallState } from "../embedding-service";
import { semanticRecallStatusText } from "./semantic-recall-text";
import type { SettingRow, SettingsContext } from "./settings-context";

/** The embedding rows above the schema's fields: the one switch of semantic recall, then the queue. */
export function embeddingRows(context: SettingsContext): SettingRow[] {
	const { memory } = context;
	return [
		{
			name: "Semantic recall",
			desc: "Finds memories by meaning, not only by shared words, with a small model that runs on this computer. Nothing is downloaded until you turn it on.",
			render: (setting) => renderSwitch(setting, context),
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

/** One control, redrawn on every state: off → turn on; downloading n%; ready → remove; failed: why → retry. */
function renderSwitch(setting: Setting, context: SettingsContext): () => void {
	const { embeddings, store } = context;
	const status = setting.descEl.createDiv({ cls: "causal-memory-model-status" });
	const draw = (state: SemanticRecallState): void => {
		status.setText(semanticRecallStatusText(state, store.get().embeddings.localModelFolder));
		status.toggleClass("mod-warning", state.kind === "failed");
		setting.clear();
		const turnOn = (text: string): void =>
			void setting.addButton((button) =>
				button
					.setButtonText(text)
					.setCta()
					// The state listener redraws the row; a failure is shown there.
					.onClick(() => embeddings.turnOn().catch(() => undefined)),
			);
		if (state.kind === "off") turnOn(embeddings.turnOnText());
		else if (state.kind === "failed") turnOn("Retry");
		else if (state.kind === "ready" && store.get().embeddings.localModelFolder === "")
			setting.addButton((button) =>
				button
					.setButtonText("Remove")
					.setTooltip("Deletes the downloaded model; recall goes back to keywords and the graph")
					.onClick(() =>
						embeddings
							.remove()
							.catch((error: unknown) => status.setText(`The model could not be removed: ${errorMessage(error)}`)),
					),
			);
	};
	draw(embeddings.state());
	return embeddings.onChange(draw);
}
