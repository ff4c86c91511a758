// Vocabulary and weights of the fixture model. Every vector comes from a PRNG seeded by the
// token's own text, so a token's vector does not depend on the rest of the vocabulary, and the
// arithmetic uses only +, *, / and sqrt (correctly rounded in IEEE 754), so the bytes are the
// same on every machine.
import { CHARACTERS, PUNCTUATION, SPECIAL_TOKENS, STOP_WORDS, SUFFIXES, TOPICS } from "./vocabulary.mjs";

/** Mixing weights of a content word: cosine ≈ 0.68 between synonyms, ≈ 0.09 within a topic. */
const TOPIC_WEIGHT = 0.3;
const GROUP_WEIGHT = 0.75;
const OWN_WEIGHT = 0.55;
/** Lengths of the vectors of tokens that carry little meaning, so mean pooling barely sees them. */
const FAINT = { special: 0.05, unknown: 0.15, stop: 0.15, suffix: 0.1, character: 0.05 };

function fnv1a32(text) {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
	return hash >>> 0;
}

/** mulberry32: uniform numbers in [-1, 1). */
function uniformStream(seedText) {
	let state = fnv1a32(seedText);
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 2147483648 - 1;
	};
}

function scaleToLength(vector, length) {
	let norm = 0;
	for (const x of vector) norm += x * x;
	const factor = length / Math.sqrt(norm);
	for (let i = 0; i < vector.length; i++) vector[i] *= factor;
	return vector;
}

function direction(seedText, hidden) {
	const next = uniformStream(seedText);
	const vector = new Float64Array(hidden);
	for (let i = 0; i < hidden; i++) vector[i] = next();
	return scaleToLength(vector, 1);
}

/** Tokens in id order with the length and direction of their vector. */
function vocabularyEntries(hidden) {
	const entries = [];
	const faint = (token, length) =>
		entries.push({ token, vector: scaleToLength(direction(`token:${token}`, hidden), length) });
	for (const token of SPECIAL_TOKENS) {
		if (token === "[PAD]") entries.push({ token, vector: new Float64Array(hidden) });
		else faint(token, token === "[UNK]" ? FAINT.unknown : FAINT.special);
	}
	for (const token of PUNCTUATION) faint(token, FAINT.character);
	// "a" and "i" are stop words first; every other letter or digit is a faint token of its own.
	for (const token of CHARACTERS) if (!STOP_WORDS.includes(token)) faint(token, FAINT.character);
	for (const token of CHARACTERS) faint(`##${token}`, FAINT.character);
	for (const token of SUFFIXES) faint(token, FAINT.suffix);
	for (const token of STOP_WORDS) faint(token, FAINT.stop);
	for (const [topic, groups] of TOPICS) {
		const topicVector = direction(`topic:${topic}`, hidden);
		for (const group of groups) {
			const groupVector = direction(`group:${group[0]}`, hidden);
			for (const word of group) {
				const own = direction(`token:${word}`, hidden);
				const vector = new Float64Array(hidden);
				for (let i = 0; i < hidden; i++)
					vector[i] = TOPIC_WEIGHT * topicVector[i] + GROUP_WEIGHT * groupVector[i] + OWN_WEIGHT * own[i];
				entries.push({ token: word, vector: scaleToLength(vector, 1) });
			}
		}
	}
	const seen = new Set();
	for (const { token } of entries) {
		if (seen.has(token)) throw new Error(`fixture vocabulary: "${token}" appears twice; each token needs one vector`);
		seen.add(token);
	}
	return entries;
}

/** Modified Gram–Schmidt on a seeded matrix: rows form an orthonormal basis. */
function orthogonalMatrix(hidden) {
	const rows = Array.from({ length: hidden }, (_, i) => direction(`rotation:${i}`, hidden));
	for (let i = 0; i < hidden; i++) {
		const row = rows[i];
		for (let j = 0; j < i; j++) {
			const previous = rows[j];
			let dot = 0;
			for (let k = 0; k < hidden; k++) dot += row[k] * previous[k];
			for (let k = 0; k < hidden; k++) row[k] -= dot * previous[k];
		}
		scaleToLength(row, 1);
	}
	const matrix = new Float32Array(hidden * hidden);
	rows.forEach((row, i) => matrix.set(row, i * hidden));
	return matrix;
}

/** Everything the ONNX graph and the tokenizer files need. */
export function buildWeights(hidden) {
	const entries = vocabularyEntries(hidden);
	const wordTable = new Float32Array(entries.length * hidden);
	entries.forEach(({ vector }, id) => wordTable.set(vector, id * hidden));
	return {
		tokens: entries.map(({ token }) => token),
		wordTable,
		typeTable: new Float32Array(2 * hidden),
		rotation: orthogonalMatrix(hidden),
		vocabSize: entries.length,
		hidden,
	};
}
