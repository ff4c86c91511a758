/** Build-time modules made by scripts/inline-worker.mjs for the embedding Web Worker. */
declare module "virtual:embedding-worker" {
	/**
	 * The bundled src/embeddings/embedding-worker.ts (transformers.js web build and the ONNX Runtime
	 * wasm included), read on each call: main.js keeps it out of what Obsidian evaluates at start.
	 */
	export default function workerText(): string;
}

declare module "virtual:ort-wasm" {
	/** ONNX Runtime's wasm binary (ort-wasm-simd-threaded.wasm), brotli-compressed. */
	export const brotli: Uint8Array<ArrayBuffer>;
	/** Its size uncompressed, in bytes. */
	export const size: number;
}
