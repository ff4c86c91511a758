// @vitest-environment happy-dom
import type { RequestUrlParam, RequestUrlResponse } from "obsidian";
import { afterEach, describe, expect, it } from "vitest";
import { settingFields } from "../../src/core/model/setting-fields";
import { ObsidianEmbeddings } from "../../src/obsidian/embedding-service";
import { EngineService } from "../../src/obsidian/engine-service";
import { PluginSettingsStore } from "../../src/obsidian/settings-store";
import { embeddingRows } from "../../src/obsidian/settings/embeddings-section";
import type { SettingsContext } from "../../src/obsidian/settings/settings-context";
import { DEFAULT_CONFIG_DIR, Notice, Setting } from "../fakes/obsidian";
import { DATA_JSON, pluginUnderTest } from "./plugin-under-test";
import { engineOver, RecordingStatus } from "./engine-harness";
import { removeVaultDirs } from "./fake-app";
import { TopicWorker } from "./topic-worker";
import { until } from "./until";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup();
	await removeVaultDirs();
});

const HUB = "https://huggingface.co/Xenova/all-MiniLM-L6-v2/resolve/main/";
const NOTES = {
	"Walks.md": "The dog barked at the mailman all morning.",
	"Garage.md": "Our new car needs tires before the road trip.",
};

/** The hub as Obsidian's requestUrl sees it: whole files (no ranges), each answer waiting for `open` when gated. */
function hub() {
	const state = { failWith: null as number | null, gate: null as Promise<void> | null };
	const request = async ({ url }: RequestUrlParam): Promise<RequestUrlResponse> => {
		const respond = (status: number, body: string): RequestUrlResponse => ({
			status,
			headers: {},
			arrayBuffer: new TextEncoder().encode(body).buffer,
			json: null,
			text: body,
		});
		if (state.failWith !== null) return respond(state.failWith, "");
		if (url.endsWith("onnx/model_quantized.onnx")) await state.gate;
		return url.startsWith(HUB) ? respond(200, url.endsWith(".json") ? "{}" : "weights") : respond(404, "");
	};
	return { state, request };
}

async function setup() {
	const { app, obsidianPlugin } = pluginUnderTest(NOTES);
	const store = await PluginSettingsStore.load(obsidianPlugin);
	const { engine } = engineOver(app, { settings: store.get() });
	const memory = new EngineService(engine, new RecordingStatus(), () => undefined);
	const server = hub();
	const embeddings = new ObsidianEmbeddings(obsidianPlugin, {
		settings: () => store.get().embeddings,
		updateSettings: (change) => store.update((all) => ({ ...all, embeddings: change(all.embeddings) })),
		use: (embedder) => engine.useEmbedder(embedder),
		release: () => engine.stopEmbedder(),
		startWorker: () => new TopicWorker(),
		request: server.request,
	});
	embeddings.addCommands();
	cleanups.push(async () => {
		await memory.stop();
		await embeddings.dispose();
	});
	await memory.start();
	const context = { app, plugin: obsidianPlugin, store, memory, embeddings } as unknown as SettingsContext;
	const row = embeddingRows(context)[0];
	const setting = new Setting(createDiv()).setName(row.name).setDesc(row.desc);
	const stop = row.render(setting as never);
	cleanups.push(async () => (typeof stop === "function" ? stop() : undefined));
	const status = () => setting.descEl.querySelector(".causal-memory-model-status")?.textContent ?? "";
	const buttons = () => [...setting.controlEl.querySelectorAll("button")].map((button) => button.textContent);
	const click = (text: string) =>
		[...setting.controlEl.querySelectorAll("button")].find((button) => button.textContent === text)?.click();
	const saved = async () =>
		(JSON.parse(await app.vault.adapter.read(DATA_JSON)) as { embeddings?: { allowDownload?: boolean } }).embeddings;
	return { app, engine, embeddings, server, store, status, buttons, click, saved };
}

describe("the semantic recall switch in the settings", () => {
	it("replaces the download toggle: allowDownload is recorded by the switch, not shown as a row", () => {
		const field = settingFields().find((candidate) => candidate.key === "embeddings.allowDownload");
		expect(field?.internal).toBe(true);
	});

	it("goes off → downloading n% → on with Remove, records the consent, and Remove turns it off again", async () => {
		const { app, engine, server, status, buttons, click, saved } = await setup();
		expect(status()).toBe("Off: recall matches words, cues and links only.");
		expect(buttons()).toEqual(["Turn on (downloads ≈ 23 MB once from Hugging Face)"]);
		expect((await engine.recall("canine", { readOnly: true })).vector).toBe(false);

		let open = (): void => undefined;
		server.state.gate = new Promise((resolve) => (open = resolve));
		click("Turn on (downloads ≈ 23 MB once from Hugging Face)");
		await until(() => status().startsWith("Downloading"));
		expect(status()).toBe("Downloading onnx/model_quantized.onnx 0%");
		expect(buttons()).toEqual([]);
		expect((await saved())?.allowDownload).toBe(true);

		open();
		await until(() => status().startsWith("On:"));
		expect(status()).toBe("On: Xenova/all-MiniLM-L6-v2 (4 dimensions), kept in the plugin's folder.");
		expect(buttons()).toEqual(["Remove"]);
		const folder = `${DEFAULT_CONFIG_DIR}/plugins/causal-memory/models/Xenova/all-MiniLM-L6-v2`;
		expect(await app.vault.adapter.exists(`${folder}/onnx/model_quantized.onnx`)).toBe(true);
		await until(async () => (await engine.recall("canine", { readOnly: true })).results[0]?.path === "Walks.md");

		click("Remove");
		await until(() => status().startsWith("Off"));
		expect(buttons()).toEqual(["Turn on (downloads ≈ 23 MB once from Hugging Face)"]);
		expect(await app.vault.adapter.exists(folder)).toBe(false);
		expect((await saved())?.allowDownload).toBe(false);
		const after = await engine.recall("canine", { readOnly: true });
		expect(after.vector).toBe(false);
	});

	it("says why it failed and retries", async () => {
		const { server, status, buttons, click } = await setup();
		server.state.failWith = 503;
		click("Turn on (downloads ≈ 23 MB once from Hugging Face)");
		await until(() => status().startsWith("Failed"));
		expect(status()).toContain(
			`Could not download config.json of embedding model "Xenova/all-MiniLM-L6-v2" from ${HUB}config.json: HTTP 503`,
		);
		expect(buttons()).toEqual(["Retry"]);

		server.state.failWith = null;
		click("Retry");
		await until(() => status().startsWith("On:"));
		expect(buttons()).toEqual(["Remove"]);
	});

	it("is what the command does: consent, download with progress notices, semantic recall on", async () => {
		const { app, status, saved } = await setup();
		await app.commands.run("causal-memory:prepare-embedding-model");
		await until(() => Notice.messages.at(-1)?.startsWith("Semantic recall is on") ?? false);
		expect(Notice.messages).toContain("Semantic recall: downloading onnx/model_quantized.onnx 100%");
		expect((await saved())?.allowDownload).toBe(true);
		expect(status()).toBe("On: Xenova/all-MiniLM-L6-v2 (4 dimensions), kept in the plugin's folder.");
	});
});
