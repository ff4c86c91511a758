/** Build-time modules made by scripts/inline-worker.mjs for the embedding Web Worker. */
declare module "virtual:embedding-worker" {
	/** The bundled src/embeddings/embedding-worker.ts (transformers.js web build and the ONNX Runtime wasm included). */
	const source: string;
	export default source;
}

declare module "virtual:ort-wasm" {
	/** ONNX Runtime's wasm binary (ort-wasm-simd-threaded.wasm), brotli-compressed. */
	export const brotli: Uint8Array<ArrayBuffer>;
	/** Its size uncompressed, in bytes. */
	export const size: number;
}
