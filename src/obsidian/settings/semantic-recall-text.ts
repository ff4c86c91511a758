import type { SemanticRecallState } from "../embedding-service";

/** Where semantic recall stands, in one line: the settings' switch and the welcome show it. */
export function semanticRecallStatusText(state: SemanticRecallState, localModelFolder: string): string {
	switch (state.kind) {
		case "off":
			return "Off: recall matches words, cues and links only.";
		case "downloading":
			return `Downloading ${state.file}${state.percent === null ? "…" : ` ${state.percent}%`}`;
		case "loading":
			return "Loading the model…";
		case "ready":
			return localModelFolder !== ""
				? `On: ${state.modelId} (${state.dimensions} dimensions) from "${localModelFolder}".`
				: `On: ${state.modelId} (${state.dimensions} dimensions), kept in the plugin's folder.`;
		case "failed":
			return `Failed: ${state.reason}`;
	}
}
