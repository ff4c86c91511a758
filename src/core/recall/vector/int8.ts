/**
 * Symmetric int8 quantisation with one scale per vector: `vector[i] ≈ codes[i] * scale`. For a
 * unit vector of 384 dimensions the cosine error is about 1e-3, enough for ranking.
 */
export function quantizeInt8(vector: Float32Array): { codes: Int8Array; scale: number } {
	let max = 0;
	for (let i = 0; i < vector.length; i++) max = Math.max(max, Math.abs(vector[i]));
	const codes = new Int8Array(vector.length);
	if (max === 0) return { codes, scale: 0 };
	const scale = max / 127;
	for (let i = 0; i < vector.length; i++) codes[i] = Math.round(vector[i] / scale);
	return { codes, scale };
}

export function dequantizeInt8(codes: Int8Array, scale: number): Float32Array {
	const vector = new Float32Array(codes.length);
	for (let i = 0; i < codes.length; i++) vector[i] = codes[i] * scale;
	return vector;
}
