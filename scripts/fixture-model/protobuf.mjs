// The few protobuf wire-format primitives an ONNX model needs, written by hand so that the
// fixture model generator has no dependencies. Fields are appended in the order given, which
// keeps the output byte-for-byte deterministic.

const encoder = new TextEncoder();

/** Unsigned LEB128 of a non-negative safe integer (int64 fields here never exceed 2^53). */
function varint(value) {
	if (!Number.isSafeInteger(value) || value < 0)
		throw new Error(`protobuf varint: ${value} is not a non-negative safe integer`);
	const bytes = [];
	let rest = value;
	while (rest >= 0x80) {
		bytes.push((rest % 0x80) | 0x80);
		rest = Math.floor(rest / 0x80);
	}
	bytes.push(rest);
	return Uint8Array.from(bytes);
}

const key = (field, wireType) => varint(field * 8 + wireType);

function concat(parts) {
	const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
	let offset = 0;
	for (const part of parts) {
		out.set(part, offset);
		offset += part.length;
	}
	return out;
}

/** A message under construction: each method appends one field and returns the builder. */
export class Message {
	#parts = [];

	/** int32/int64/enum/bool field (wire type 0). */
	int(field, value) {
		this.#parts.push(key(field, 0), varint(value));
		return this;
	}

	/** packed repeated int64 (wire type 2). */
	ints(field, values) {
		return this.bytes(field, concat(values.map(varint)));
	}

	/** 32-bit float field (wire type 5), little-endian IEEE 754. */
	float(field, value) {
		const bytes = new Uint8Array(4);
		new DataView(bytes.buffer).setFloat32(0, value, true);
		this.#parts.push(key(field, 5), bytes);
		return this;
	}

	string(field, value) {
		return this.bytes(field, encoder.encode(value));
	}

	/** Length-delimited field (wire type 2): bytes, a string or an embedded message. */
	bytes(field, value) {
		const data = value instanceof Message ? value.encode() : value;
		this.#parts.push(key(field, 2), varint(data.length), data);
		return this;
	}

	encode() {
		return concat(this.#parts);
	}
}
