import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { modelFileList } from "../../../src/embeddings/model-file-list";
import { headlessEmbedder, headlessModelFolder } from "../../../src/node/headless-embedder";
import { headlessEngine } from "../../../src/node/headless-engine";
import { pluginFolder, readHeadlessSettings } from "../../../src/node/headless-settings";
import { modelCommand, type ModelOptions } from "../../../src/node/cli/model-command";
import { ensureFixtureModel, FIXTURE_MODEL_ID, FIXTURE_MODEL_ROOT } from "../../setup/fixture-model";
import { startModelFileServer } from "./model-file-server";

const WEIGHTS = "onnx/model_quantized.onnx";
const fixture = (file: string): Buffer => readFileSync(join(FIXTURE_MODEL_ROOT, FIXTURE_MODEL_ID, file));

describe("causal-memory model", () => {
	let vault: string;
	let output: string[];
	let errors: string[];
	const closers: (() => Promise<void>)[] = [];

	beforeAll(() => ensureFixtureModel());
	beforeEach(async () => {
		vault = await mkdtemp(join(tmpdir(), "cm-model-"));
		await writeFile(join(vault, "Walks.md"), "The dog barked at the mailman all morning.\n");
		await writeFile(join(vault, "Garage.md"), "Our new car needs tires before the road trip.\n");
		output = [];
		errors = [];
		vi.spyOn(process.stdout, "write").mockImplementation((text) => output.push(String(text)) > 0);
		vi.spyOn(process.stderr, "write").mockImplementation((text) => errors.push(String(text)) > 0);
	});
	afterEach(async () => {
		vi.restoreAllMocks();
		for (const close of closers.splice(0)) await close();
		await rm(vault, { recursive: true, force: true });
	});

	const serve = async (options: Omit<Parameters<typeof startModelFileServer>[0], "root"> = {}) => {
		const server = await startModelFileServer({ root: FIXTURE_MODEL_ROOT, ...options });
		closers.push(server.close);
		return server;
	};
	const run = (host: string, action: ModelOptions["action"] = "download") =>
		modelCommand({ action, vaultDir: vault, host, modelId: FIXTURE_MODEL_ID, progress: new PassThrough() });
	const installed = (file: string) => join(headlessModelFolder(vault, FIXTURE_MODEL_ID), ...file.split("/"));

	it("downloads the model as laid out on the hub, checks each file, turns semantic recall on, and serve's embedder recalls with it", async () => {
		const server = await serve();
		expect(await run(server.host)).toBe(0);
		for (const file of modelFileList("q8")) expect(readFileSync(installed(file)).equals(fixture(file))).toBe(true);
		expect(server.requests.map((request) => request.path)).toContain(
			`/${FIXTURE_MODEL_ID}/resolve/main/onnx/model_quantized.onnx`,
		);
		const text = output.join("");
		expect(text).toContain(`${WEIGHTS}  380.1 kB  SHA-256 checked`);
		expect(text).toContain("config.json  0.5 kB  git blob id checked");
		const { embeddings } = readHeadlessSettings(vault).settings;
		expect(embeddings).toMatchObject({ allowDownload: true, modelId: FIXTURE_MODEL_ID });

		// What serve does once the index is built: the settings' model from the plugin folder.
		const load = headlessEmbedder(vault, embeddings);
		expect(load).not.toBeNull();
		const embedder = await load!();
		const settings = readHeadlessSettings(vault).settings;
		const engine = await headlessEngine(vault, {
			program: "model test",
			settings: () => settings,
			updateSettings: async () => undefined,
		});
		try {
			await engine.start({ follow: false });
			expect(embedder.dimensions).toBe(384);
			await engine.useEmbedder(embedder);
			await engine.recallService.noteEmbeddings?.whenIdle();
			const result = await engine.recall("dog barked", { readOnly: true });
			expect(result).toMatchObject({ mode: "full", vector: true });
			expect(result.results[0]?.path).toBe("Walks.md");
		} finally {
			await engine.stop();
			await embedder.dispose();
		}
	});

	it("resumes a transfer the server cut off with a Range request for the rest", async () => {
		const server = await serve({ cutOnce: [WEIGHTS] });
		expect(await run(server.host)).toBe(1);
		expect(errors.join("")).toMatch(
			/the transfer of onnx\/model_quantized\.onnx stopped after \d+ of 380127 bytes .*run the same command again to resume/,
		);
		expect(existsSync(installed(WEIGHTS))).toBe(false);
		const kept = (await stat(`${installed(WEIGHTS)}.part`)).size;
		expect(errors.join("")).toContain(`stopped after ${kept} of 380127 bytes`);
		expect(kept).toBeGreaterThan(0);
		expect(kept).toBeLessThan(380127);
		expect(readHeadlessSettings(vault).settings.embeddings.allowDownload).toBe(false);

		server.requests.length = 0;
		expect(await run(server.host)).toBe(0);
		expect(server.requests.find((request) => request.path.endsWith(WEIGHTS))?.range).toBe(`bytes=${kept}-`);
		// Files finished the first time are not asked for again.
		expect(server.requests.some((request) => request.path.endsWith("config.json"))).toBe(false);
		expect(readFileSync(installed(WEIGHTS)).equals(fixture(WEIGHTS))).toBe(true);
		expect(existsSync(`${installed(WEIGHTS)}.part`)).toBe(false);
		expect(output.join("")).toContain(`SHA-256 checked, resumed at ${(kept / 1000).toFixed(1)} kB`);
	});

	it.each([
		["a digest", { corrupt: [WEIGHTS] }, /SHA-256 [0-9a-f]{64} instead of [0-9a-f]{64}/],
		["a size", { wrongSize: { [WEIGHTS]: 400_000 } }, /380127 bytes instead of 400000/],
		["a git blob id", { corrupt: ["tokenizer.json"] }, /git blob id [0-9a-f]{40} instead of/],
	])("refuses a file whose %s differs from the announced one and leaves nothing in place", async (_, options, why) => {
		const server = await serve(options);
		expect(await run(server.host)).toBe(1);
		const file = "corrupt" in options ? options.corrupt[0] : WEIGHTS;
		expect(errors.join("")).toMatch(why);
		expect(errors.join("")).toContain(`${file} from ${server.host}`);
		expect(errors.join("")).toContain("the partial file was deleted and nothing was installed");
		expect(existsSync(installed(file))).toBe(false);
		expect(existsSync(`${installed(file)}.part`)).toBe(false);
		expect(readHeadlessSettings(vault).settings.embeddings.allowDownload).toBe(false);
	});

	it("says when the host has no such model", async () => {
		const server = await serve();
		const code = await modelCommand({
			action: "download",
			vaultDir: vault,
			host: server.host,
			modelId: "nobody/nothing",
			progress: new PassThrough(),
		});
		expect(code).toBe(1);
		expect(errors.join("")).toContain(
			`could not download config.json from ${server.host}/nobody/nothing/resolve/main/config.json: HTTP 404: check the model id (--model) and the host (--host)`,
		);
	});

	it("shows what is there, and removes the model, turning semantic recall off", async () => {
		const server = await serve();
		await run(server.host, "status");
		expect(output.join("")).toContain(`Not downloaded: causal-memory model download --vault ${vault}`);
		await mkdir(join(installed(WEIGHTS), ".."), { recursive: true });
		await writeFile(`${installed(WEIGHTS)}.part`, fixture(WEIGHTS).subarray(0, 2000));
		output.length = 0;
		await run(server.host, "status");
		expect(output.join("")).toContain(`${WEIGHTS}  interrupted at 2.0 kB`);

		expect(await run(server.host)).toBe(0);
		output.length = 0;
		await run(server.host, "status");
		expect(output.join("")).toContain("Downloaded (391.6 kB). Semantic recall is on.");

		expect(await run(server.host, "remove")).toBe(0);
		expect(existsSync(headlessModelFolder(vault, FIXTURE_MODEL_ID))).toBe(false);
		expect(readHeadlessSettings(vault).settings.embeddings.allowDownload).toBe(false);
		const saved = JSON.parse(await readFile(join(pluginFolder(vault), "data.json"), "utf8")) as unknown;
		expect(saved).toMatchObject({ embeddings: { allowDownload: false, modelId: FIXTURE_MODEL_ID } });
	});
});
