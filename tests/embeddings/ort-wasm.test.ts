import { decompress } from "brotli/decompress";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ortWasmBrotli } from "../../scripts/inline-worker.mjs";

const fromTransformers = createRequire(
	join(process.cwd(), "node_modules", "@huggingface", "transformers", "package.json"),
);
const wasm = readFileSync(fromTransformers.resolve("onnxruntime-web/ort-wasm-simd-threaded.wasm"));

describe("the ONNX Runtime wasm carried by the embedding worker", () => {
	it("decodes with the worker's brotli decoder to exactly onnxruntime-web's binary, at about a sixth of its size", () => {
		const { brotli, size } = ortWasmBrotli();
		expect(size).toBe(wasm.length);
		expect(brotli.length).toBeLessThan(wasm.length / 5);
		const decoded = decompress(brotli, size);
		expect(decoded.length).toBe(wasm.length);
		expect(Buffer.from(decoded.buffer, decoded.byteOffset, decoded.length).equals(wasm)).toBe(true);
	}, 300_000);
});
