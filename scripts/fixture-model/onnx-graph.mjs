// The fixture model as an ONNX ModelProto (opset 17), BERT-shaped on the outside: inputs
// input_ids / attention_mask / token_type_ids (int64, [batch, sequence]), output
// last_hidden_state (float, [batch, sequence, hidden]). Inside: a word-embedding lookup plus a
// token-type lookup, a fixed orthogonal rotation, and the attention mask zeroing padding.
import { Message } from "./protobuf.mjs";

const FLOAT = 1;
const INT8 = 3;
const INT64 = 7;
const ATTRIBUTE_INT = 2;
const IR_VERSION = 8;
const OPSET = 17;

function floatBytes(values) {
	const bytes = new Uint8Array(values.length * 4);
	const view = new DataView(bytes.buffer);
	for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i], true);
	return bytes;
}

function int64Bytes(values) {
	const bytes = new Uint8Array(values.length * 8);
	const view = new DataView(bytes.buffer);
	for (let i = 0; i < values.length; i++) view.setBigInt64(i * 8, BigInt(values[i]), true);
	return bytes;
}

const int8Bytes = (values) => new Uint8Array(values.buffer, values.byteOffset, values.byteLength);

function tensor(name, dataType, dims, raw) {
	const message = new Message();
	if (dims.length > 0) message.ints(1, dims);
	return message.int(2, dataType).string(8, name).bytes(9, raw);
}

function intAttribute(name, value) {
	return new Message().string(1, name).int(3, value).int(20, ATTRIBUTE_INT);
}

function node(opType, inputs, outputs, attributes = []) {
	const message = new Message();
	for (const input of inputs) message.string(1, input);
	for (const output of outputs) message.string(2, output);
	message.string(3, `${opType}_${outputs[0]}`).string(4, opType);
	for (const attribute of attributes) message.bytes(5, attribute);
	return message;
}

function valueInfo(name, elemType, dims) {
	const shape = new Message();
	for (const dim of dims)
		shape.bytes(1, typeof dim === "string" ? new Message().string(2, dim) : new Message().int(1, dim));
	const tensorType = new Message().int(1, elemType).bytes(2, shape);
	return new Message().string(1, name).bytes(2, new Message().bytes(1, tensorType));
}

/** Symmetric int8 codes with one scale per row of a row-major [rows, columns] matrix. */
function quantizeRows(values, rows, columns) {
	const codes = new Int8Array(values.length);
	const scales = new Float32Array(rows);
	for (let row = 0; row < rows; row++) {
		let max = 0;
		for (let column = 0; column < columns; column++) max = Math.max(max, Math.abs(values[row * columns + column]));
		const scale = max > 0 ? max / 127 : 1;
		scales[row] = scale;
		for (let column = 0; column < columns; column++)
			codes[row * columns + column] = Math.round(values[row * columns + column] / scale);
	}
	return { codes, scales };
}

/**
 * Weights: `wordTable` [vocab, hidden], `typeTable` [2, hidden], `rotation` [hidden, hidden],
 * all Float32Array row-major. `quantized` stores the word table and the rotation as int8 with
 * DequantizeLinear in the graph, like a q8 export (what the browser build loads by default).
 */
export function encodeModel({ wordTable, typeTable, rotation, vocabSize, hidden, quantized }) {
	const initializers = [
		tensor("token_type_embeddings", FLOAT, [2, hidden], floatBytes(typeTable)),
		tensor("unsqueeze_axes", INT64, [1], int64Bytes([2])),
	];
	const nodes = [];
	if (quantized) {
		const words = quantizeRows(wordTable, vocabSize, hidden);
		const rotationCodes = quantizeRows(rotation, 1, hidden * hidden);
		initializers.push(
			tensor("word_embeddings_q", INT8, [vocabSize, hidden], int8Bytes(words.codes)),
			tensor("word_embeddings_scale", FLOAT, [vocabSize], floatBytes(words.scales)),
			tensor("word_embeddings_zero", INT8, [vocabSize], new Uint8Array(vocabSize)),
			tensor("rotation_q", INT8, [hidden, hidden], int8Bytes(rotationCodes.codes)),
			tensor("rotation_scale", FLOAT, [], floatBytes(rotationCodes.scales)),
			tensor("rotation_zero", INT8, [], new Uint8Array(1)),
		);
		nodes.push(
			node(
				"DequantizeLinear",
				["word_embeddings_q", "word_embeddings_scale", "word_embeddings_zero"],
				["word_embeddings"],
				[intAttribute("axis", 0)],
			),
			node("DequantizeLinear", ["rotation_q", "rotation_scale", "rotation_zero"], ["rotation"]),
		);
	} else {
		initializers.push(
			tensor("word_embeddings", FLOAT, [vocabSize, hidden], floatBytes(wordTable)),
			tensor("rotation", FLOAT, [hidden, hidden], floatBytes(rotation)),
		);
	}
	nodes.push(
		node("Gather", ["word_embeddings", "input_ids"], ["words"], [intAttribute("axis", 0)]),
		node("Gather", ["token_type_embeddings", "token_type_ids"], ["types"], [intAttribute("axis", 0)]),
		node("Add", ["words", "types"], ["embedded"]),
		node("MatMul", ["embedded", "rotation"], ["rotated"]),
		node("Unsqueeze", ["attention_mask", "unsqueeze_axes"], ["mask_3d"]),
		node("Cast", ["mask_3d"], ["mask_float"], [intAttribute("to", FLOAT)]),
		node("Mul", ["rotated", "mask_float"], ["last_hidden_state"]),
	);

	const graph = new Message();
	for (const n of nodes) graph.bytes(1, n);
	graph.string(2, "fixture_minilm");
	for (const initializer of initializers) graph.bytes(5, initializer);
	for (const input of ["input_ids", "attention_mask", "token_type_ids"])
		graph.bytes(11, valueInfo(input, INT64, ["batch_size", "sequence_length"]));
	graph.bytes(12, valueInfo("last_hidden_state", FLOAT, ["batch_size", "sequence_length", hidden]));

	return new Message()
		.int(1, IR_VERSION)
		.string(2, "causal-memory fixture generator")
		.string(3, "1")
		.bytes(7, graph)
		.bytes(8, new Message().string(1, "").int(2, OPSET))
		.encode();
}
