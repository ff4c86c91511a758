/**
 * Sentence-embedding models are trained on short passages: all-MiniLM-L6-v2 cuts inputs at 256
 * word pieces (its `max_seq_length`) although its tokenizer allows 512, and a longer input only
 * dilutes the mean-pooled vector. Chunks are therefore sized for at most this many tokens.
 */
const DEFAULT_MAX_TOKENS = 256;

/**
 * The input length chunks must fit: the smallest of the tokenizer's `model_max_length`, the
 * model's `max_position_embeddings` and `cap`. Values that are missing or not finite (a
 * tokenizer without a limit reports Infinity) are ignored.
 */
export function modelMaxTokens(
	limits: { tokenizerMaxLength?: unknown; maxPositionEmbeddings?: unknown },
	cap = DEFAULT_MAX_TOKENS,
): number {
	const known = [limits.tokenizerMaxLength, limits.maxPositionEmbeddings].filter(
		(value): value is number => typeof value === "number" && Number.isFinite(value) && value > 0,
	);
	return Math.floor(Math.min(cap, ...known));
}
