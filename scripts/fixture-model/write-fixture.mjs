// Writes the fixture model folder, laid out like a hub repository so tests can load it with a
// hub-style id and `env.localModelPath` pointing at the root:
//   <root>/causal-memory/fixture-minilm/{config.json, tokenizer.json, tokenizer_config.json,
//                                        onnx/model.onnx, onnx/model_quantized.onnx}
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { configJson, tokenizerConfigJson, tokenizerJson } from "./model-files.mjs";
import { encodeModel } from "./onnx-graph.mjs";
import { buildWeights } from "./weights.mjs";

const FIXTURE_MODEL_ID = "causal-memory/fixture-minilm";
export const DEFAULT_DIMENSIONS = 384;
/** Bump when the output changes in a way the source hash would not show. */
const FORMAT_VERSION = 1;

const sourceDir = dirname(fileURLToPath(import.meta.url));

/** Hash of the generator's own sources: a changed generator makes every old fixture outdated. */
function sourceHash() {
	const hash = createHash("sha256");
	for (const file of readdirSync(sourceDir)
		.filter((name) => name.endsWith(".mjs"))
		.sort()) {
		hash.update(file).update(readFileSync(join(sourceDir, file)));
	}
	return hash.digest("hex").slice(0, 16);
}

export function modelFolder(root) {
	return join(root, ...FIXTURE_MODEL_ID.split("/"));
}

function expectedStamp(dimensions) {
	return { version: FORMAT_VERSION, dimensions, source: sourceHash() };
}

/** True when `root` holds a fixture written by this generator with these dimensions. */
export function isFixtureCurrent(root, dimensions = DEFAULT_DIMENSIONS) {
	try {
		const config = JSON.parse(readFileSync(join(modelFolder(root), "config.json"), "utf8"));
		return JSON.stringify(config.causal_memory_fixture) === JSON.stringify(expectedStamp(dimensions));
	} catch {
		return false;
	}
}

/** Temp file + rename, so a concurrent reader or writer never sees a half-written file. */
function writeAtomic(path, data) {
	mkdirSync(dirname(path), { recursive: true });
	const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
	writeFileSync(temp, data);
	renameSync(temp, path);
}

/** Writes the whole folder (config.json last: its stamp marks a complete fixture). Returns file sizes in bytes. */
export function writeFixtureModel(root, dimensions = DEFAULT_DIMENSIONS) {
	if (!Number.isInteger(dimensions) || dimensions < 8)
		throw new Error(`fixture model: dimensions must be an integer ≥ 8, got ${dimensions}`);
	const weights = buildWeights(dimensions);
	const folder = modelFolder(root);
	const files = [
		["onnx/model.onnx", encodeModel({ ...weights, quantized: false })],
		["onnx/model_quantized.onnx", encodeModel({ ...weights, quantized: true })],
		["tokenizer.json", tokenizerJson(weights.tokens)],
		["tokenizer_config.json", tokenizerConfigJson()],
		["config.json", configJson({ hidden: dimensions, vocabSize: weights.vocabSize, stamp: expectedStamp(dimensions) })],
	];
	const sizes = {};
	for (const [name, data] of files) {
		writeAtomic(join(folder, name), data);
		sizes[name] = typeof data === "string" ? Buffer.byteLength(data) : data.length;
	}
	return { folder, sizes, vocabSize: weights.vocabSize };
}
