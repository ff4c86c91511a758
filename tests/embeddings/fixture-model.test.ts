import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const GENERATOR = fileURLToPath(new URL("../../scripts/generate-fixture-model.mjs", import.meta.url));
const roots: string[] = [];

function generate(...args: string[]): { root: string; stdout: string } {
	const root = mkdtempSync(join(tmpdir(), "cm-fixture-model-"));
	roots.push(root);
	return { root, stdout: run(root, ...args) };
}

function run(root: string, ...args: string[]): string {
	const result = spawnSync(process.execPath, [GENERATOR, root, ...args], { encoding: "utf8" });
	if (result.status !== 0) throw new Error(result.stderr);
	return result.stdout;
}

function files(root: string): Map<string, Buffer> {
	const out = new Map<string, Buffer>();
	const walk = (dir: string): void => {
		for (const name of readdirSync(dir)) {
			const path = join(dir, name);
			if (statSync(path).isDirectory()) walk(path);
			else out.set(relative(root, path), readFileSync(path));
		}
	};
	walk(root);
	return out;
}

afterAll(() => {
	for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe("generate-fixture-model", () => {
	it("lays the model out like a hub repository", () => {
		const { root } = generate();
		expect([...files(root).keys()].sort()).toEqual([
			"causal-memory/fixture-minilm/config.json",
			"causal-memory/fixture-minilm/onnx/model.onnx",
			"causal-memory/fixture-minilm/onnx/model_quantized.onnx",
			"causal-memory/fixture-minilm/tokenizer.json",
			"causal-memory/fixture-minilm/tokenizer_config.json",
		]);
		const config = JSON.parse(readFileSync(join(root, "causal-memory/fixture-minilm/config.json"), "utf8")) as Record<
			string,
			unknown
		>;
		expect(config).toMatchObject({ model_type: "bert", hidden_size: 384, max_position_embeddings: 512 });
		const tokenizer = JSON.parse(readFileSync(join(root, "causal-memory/fixture-minilm/tokenizer.json"), "utf8")) as {
			model: { type: string; vocab: Record<string, number> };
		};
		expect(tokenizer.model.type).toBe("WordPiece");
		const vocabSize = Object.keys(tokenizer.model.vocab).length;
		expect(vocabSize).toBeGreaterThan(300);
		expect(vocabSize).toBe(config.vocab_size);
		expect(tokenizer.model.vocab).toHaveProperty("canine");
	});

	it("writes the same bytes every time", () => {
		const first = files(generate().root);
		const second = files(generate().root);
		expect([...second.keys()]).toEqual([...first.keys()]);
		for (const [name, bytes] of first) expect(second.get(name)?.equals(bytes), name).toBe(true);
	});

	it("with --if-outdated leaves a current fixture alone and replaces an outdated one", () => {
		const { root } = generate();
		expect(run(root, "--if-outdated")).toMatch(/up to date/);

		const configPath = join(root, "causal-memory/fixture-minilm/config.json");
		const config = JSON.parse(readFileSync(configPath, "utf8")) as { causal_memory_fixture: { source: string } };
		config.causal_memory_fixture.source = "older-generator";
		writeFileSync(configPath, JSON.stringify(config));
		expect(run(root, "--if-outdated")).toMatch(/written to/);
		expect(run(root, "--if-outdated")).toMatch(/up to date/);
		expect(run(root, "--if-outdated", "--dimensions", "128")).toMatch(/128 dimensions\) written/);
	});

	it("builds a smaller model at 128 dimensions", () => {
		const { root } = generate("--dimensions", "128");
		const config = JSON.parse(readFileSync(join(root, "causal-memory/fixture-minilm/config.json"), "utf8")) as Record<
			string,
			unknown
		>;
		expect(config.hidden_size).toBe(128);
		const fp32 = statSync(join(root, "causal-memory/fixture-minilm/onnx/model.onnx")).size;
		const q8 = statSync(join(root, "causal-memory/fixture-minilm/onnx/model_quantized.onnx")).size;
		// word table (vocab × 128) + rotation (128 × 128) as float32, then as int8
		expect(fp32).toBeGreaterThan(250_000);
		expect(fp32).toBeLessThan(500_000);
		expect(q8).toBeLessThan(fp32 / 3);
	});
});
