import esbuild from "esbuild";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import type { BenchPage, EmbedResult } from "./embed-entry";
import { pageScript, type LoadedBundle } from "./load-plugin-bundle";
import { startPageServer } from "./page-server";

/** Scripts and tests run from the repository root (a bundled script's import.meta.url is elsewhere). */
const ENTRY = join(process.cwd(), "bench", "browser", "embed-entry.ts");
const INLINE_WORKER = pathToFileURL(join(process.cwd(), "scripts", "inline-worker.mjs")).href;
/** Debian's package; another build can be named with CHROMIUM_PATH. */
const DEFAULT_CHROMIUM = "/usr/bin/chromium";
/** Quiet, offline-minded Chromium; Playwright adds --headless and a fresh, empty --user-data-dir. */
const CHROMIUM_FLAGS = [
	"--no-sandbox",
	"--disable-gpu",
	"--disable-quic",
	"--no-first-run",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
];

export interface BrowserEmbeddingOptions {
	/** The built plugin. */
	mainJsPath: string;
	/** Hub-style model folder whose files the page hands to the worker. */
	modelFolder: string;
	modelId: string;
	dtype: "fp32" | "q8";
	/** The first text is the query the page ranks the others against. */
	texts: string[];
	screenshotPath: string;
	chromiumPath?: string;
}

export interface BrowserEmbeddingRun {
	mainJs: LoadedBundle;
	embedding: EmbedResult;
	/** The error of a second load whose model lacks its weights file. */
	missingWeightsError: string | null;
	/** Every request Chromium made (page, workers, the browser itself), through the recording proxy. */
	requests: string[];
	/** Requests anywhere but the local server, or for a path it does not serve. */
	unexpectedRequests: string[];
	/** Uncaught errors and console errors of the page and its workers. */
	errors: string[];
	/** Bundling the page script, starting Chromium, everything in the page (of which the failing load). */
	timings: { bundleMs: number; launchMs: number; pageMs: number; failedLoadMs: number };
}

/** The Chromium to run, or null when none is installed. */
export function findChromium(path = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM): string | null {
	return existsSync(path) ? path : null;
}

/** Bundles the page script as main.js is bundled: browser platform, minified, the worker inlined. */
async function bundleEntry(): Promise<string> {
	// Imported at run time from its own file: bundled into a script, it would look for workers beside the bundle.
	// eslint-disable-next-line no-unsanitized/method -- a fixed file of this repository
	const { inlineWorkerPlugin } = (await import(INLINE_WORKER)) as typeof import("../../scripts/inline-worker.mjs");
	const result = await esbuild.build({
		entryPoints: [ENTRY],
		bundle: true,
		write: false,
		format: "iife",
		platform: "browser",
		target: "es2022",
		minify: true,
		logLevel: "silent",
		plugins: [inlineWorkerPlugin({ minify: true })],
	});
	return result.outputFiles[0].text;
}

function listFiles(folder: string): string[] {
	return readdirSync(folder, { recursive: true, encoding: "utf8" })
		.filter((path) => statSync(join(folder, path)).isFile())
		.map((path) => relative(folder, join(folder, path)).split("\\").join("/"));
}

/**
 * Serves a page on 127.0.0.1, opens it in headless Chromium with a fresh profile, loads main.js as
 * Obsidian does, embeds `texts` in the bundled Web Worker, records every request, saves a
 * screenshot. Stops the browser and the server whatever happens.
 */
export async function runBrowserEmbedding(options: BrowserEmbeddingOptions): Promise<BrowserEmbeddingRun> {
	const chromiumPath = findChromium(options.chromiumPath);
	if (chromiumPath === null)
		throw new Error(
			`No Chromium at ${options.chromiumPath ?? DEFAULT_CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`,
		);
	const started = performance.now();
	const entryScript = await bundleEntry();
	const bundled = performance.now();
	const server = await startPageServer({
		entryScript,
		mainJs: pageScript(readFileSync(options.mainJsPath, "utf8")),
		modelFolder: options.modelFolder,
	});
	let browser: Browser | null = null;
	try {
		browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_FLAGS });
		// The context's proxy carries everything its pages and workers ask for, and nothing of the
		// browser's own housekeeping (which has no route out of this machine anyway).
		const context = await browser.newContext({ proxy: { server: server.origin, bypass: "<-loopback>" } });
		const launched = performance.now();
		const seenByBrowser: string[] = [];
		context.on("request", (request) => seenByBrowser.push(request.url()));
		const errors: string[] = [];
		const page = await context.newPage();
		page.on("pageerror", (error) => errors.push(`page: ${error.message}`));
		page.on("console", (message) => {
			if (message.type() === "error") errors.push(`console: ${message.text()}`);
		});
		await page.goto(`${server.origin}/`);
		await page.waitForFunction(() => "benchPage" in window);

		await page.addScriptTag({ url: "/main.js" });
		const mainJs = await page.evaluate(() => (window as unknown as { benchPage: BenchPage }).benchPage.loadMainJs());
		const canary = await page.evaluate(() => (window as unknown as { benchPage: BenchPage }).benchPage.workerCanary());
		// Proves the recorder below also hears workers: otherwise "no request" would prove nothing.
		if (!server.requests.includes(`${server.origin}/worker-canary`))
			throw new Error(`A worker's request did not reach the recording proxy (canary: ${canary})`);
		const request = {
			modelId: options.modelId,
			modelFiles: listFiles(options.modelFolder),
			dtype: options.dtype,
			texts: options.texts,
		};
		const embedding = await page.evaluate(
			(input) => (window as unknown as { benchPage: BenchPage }).benchPage.embed(input),
			request,
		);
		const withoutWeights = { ...request, modelFiles: request.modelFiles.filter((file) => !file.endsWith(".onnx")) };
		const probeStarted = performance.now();
		const missingWeightsError = await page.evaluate(
			(input) => (window as unknown as { benchPage: BenchPage }).benchPage.loadError(input),
			withoutWeights,
		);
		const failedLoadMs = performance.now() - probeStarted;
		const summary = `Network, through the recording proxy: ${server.requests.length} requests, ${server.unexpected.length} not for a file the test serves; the worker canary was seen`;
		await page.evaluate((text) => (window as unknown as { benchPage: BenchPage }).benchPage.note(text), summary);
		mkdirSync(dirname(options.screenshotPath), { recursive: true });
		await page.screenshot({ path: options.screenshotPath, fullPage: true });
		return {
			mainJs,
			embedding,
			missingWeightsError,
			requests: [...server.requests],
			unexpectedRequests: [...server.unexpected, ...seenByBrowser.filter((url) => !isLocal(url, server.origin))],
			errors,
			timings: {
				bundleMs: bundled - started,
				launchMs: launched - bundled,
				pageMs: performance.now() - launched,
				failedLoadMs,
			},
		};
	} finally {
		await browser?.close();
		await server.close();
	}
}

/** The server's own URLs, and blob/data URLs the page makes (the worker scripts). */
function isLocal(url: string, origin: string): boolean {
	return url.startsWith(`${origin}/`) || url.startsWith(`blob:${origin}/`) || url.startsWith("data:");
}
