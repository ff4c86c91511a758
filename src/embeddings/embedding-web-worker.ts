import workerText from "virtual:embedding-worker";

/**
 * Starts the embedding worker bundled into main.js as a Web Worker from a blob URL: no file next
 * to main.js and no remote code.
 */
export function startEmbeddingWebWorker(): Worker {
	const url = URL.createObjectURL(new Blob([workerText()], { type: "text/javascript" }));
	try {
		return new Worker(url, { name: "causal-memory embeddings" });
	} finally {
		// The constructor resolves the blob URL while parsing it, so the worker keeps its script.
		URL.revokeObjectURL(url);
	}
}
