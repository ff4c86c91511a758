// The JSON files of the fixture model folder, shaped like a BERT sentence model on the hub
// (all-MiniLM-L6-v2): a WordPiece tokenizer.json, tokenizer_config.json and config.json.

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

const MODEL_MAX_LENGTH = 512;

export function tokenizerJson(tokens) {
	const id = (token) => tokens.indexOf(token);
	const special = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"];
	const piece = (name, typeId) => ({ SpecialToken: { id: name, type_id: typeId } });
	const sequence = (name, typeId) => ({ Sequence: { id: name, type_id: typeId } });
	// A Map keeps id order even for digit tokens ("0"…"9"), which a plain object would move first.
	const vocab = new Map(tokens.map((token, index) => [token, index]));
	const vocabText = `{${[...vocab].map(([token, index]) => `${JSON.stringify(token)}: ${index}`).join(", ")}}`;
	const body = {
		version: "1.0",
		truncation: null,
		padding: null,
		added_tokens: special.map((content) => ({
			id: id(content),
			content,
			single_word: false,
			lstrip: false,
			rstrip: false,
			normalized: false,
			special: true,
		})),
		normalizer: {
			type: "BertNormalizer",
			clean_text: true,
			handle_chinese_chars: true,
			strip_accents: null,
			lowercase: true,
		},
		pre_tokenizer: { type: "BertPreTokenizer" },
		post_processor: {
			type: "TemplateProcessing",
			single: [piece("[CLS]", 0), sequence("A", 0), piece("[SEP]", 0)],
			pair: [piece("[CLS]", 0), sequence("A", 0), piece("[SEP]", 0), sequence("B", 1), piece("[SEP]", 1)],
			special_tokens: Object.fromEntries(
				["[CLS]", "[SEP]"].map((name) => [name, { id: name, ids: [id(name)], tokens: [name] }]),
			),
		},
		decoder: { type: "WordPiece", prefix: "##", cleanup: true },
		model: {
			type: "WordPiece",
			unk_token: "[UNK]",
			continuing_subword_prefix: "##",
			max_input_chars_per_word: 100,
			vocab: "__VOCAB__",
		},
	};
	return json(body).replace('"__VOCAB__"', vocabText);
}

export function tokenizerConfigJson() {
	return json({
		tokenizer_class: "BertTokenizer",
		do_lower_case: true,
		do_basic_tokenize: true,
		tokenize_chinese_chars: true,
		strip_accents: null,
		model_max_length: MODEL_MAX_LENGTH,
		clean_up_tokenization_spaces: true,
		unk_token: "[UNK]",
		sep_token: "[SEP]",
		pad_token: "[PAD]",
		cls_token: "[CLS]",
		mask_token: "[MASK]",
	});
}

export function configJson({ hidden, vocabSize, stamp }) {
	return json({
		_name_or_path: "causal-memory/fixture-minilm",
		architectures: ["BertModel"],
		model_type: "bert",
		hidden_size: hidden,
		num_hidden_layers: 0,
		num_attention_heads: 1,
		intermediate_size: hidden,
		hidden_act: "gelu",
		max_position_embeddings: MODEL_MAX_LENGTH,
		type_vocab_size: 2,
		vocab_size: vocabSize,
		pad_token_id: 0,
		layer_norm_eps: 1e-12,
		torch_dtype: "float32",
		causal_memory_fixture: stamp,
	});
}
