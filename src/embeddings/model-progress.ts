import type { ModelProgress } from "../core/model/embedder";

/** The part of transformers.js' progress events that matters here (its `ProgressInfo` union). */
export interface TransformersProgressEvent {
	status: string;
	file?: string;
	/** 0–100 on `progress` events. */
	progress?: number;
}

/**
 * Turns a transformers.js progress event into ours. transformers.js reports reading a local
 * file with the same "download"/"progress" events as a real download, so the caller says which
 * stage it is in: "download" only when remote loading is allowed.
 */
export function toModelProgress(
	event: TransformersProgressEvent,
	stage: "download" | "load",
	report: ModelProgress,
): void {
	if (event.status === "progress" && event.file !== undefined) {
		report({ stage, file: event.file, fraction: Math.min(1, Math.max(0, (event.progress ?? 0) / 100)) });
	} else if (event.status === "initiate" && event.file !== undefined) {
		report({ stage, file: event.file, fraction: 0 });
	} else if (event.status === "ready") {
		report({ stage: "load", fraction: 1 });
	}
}
