// Worker entries inlined as source text: `import source from "virtual:<name>-worker"` gives the
// bundled src/workers/<name>-worker.ts or src/embeddings/<name>-worker.ts (browser platform, IIFE)
// as a string, which the hosts start as a Web Worker (Obsidian) or a worker thread (headless). One
// plugin shape for esbuild (main.js, dist/cli.cjs, benches) and one for vite (vitest), both over
// the same bundling call.
// Inside a worker, `import { brotli, size } from "virtual:ort-wasm"` gives ONNX Runtime's wasm
// binary, brotli-compressed, as a Uint8Array (esbuild's binary loader), and its size, so
// transformers.js never fetches it from a CDN. Brotli, not gzip: main.js carries it as base64 and
// every user's Obsidian keeps main.js' text in memory, embeddings on or off (bench: bundle-load).
import esbuild from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const VIRTUAL = /^virtual:([a-z][a-z0-9-]*-worker)$/;
const NAMESPACE = "inline-worker";
const WORKER_FOLDERS = ["workers", "embeddings"];
const ORT_WASM_ID = "virtual:ort-wasm";
const ORT_WASM_BYTES_ID = "virtual:ort-wasm-bytes";
/** Brotli at its best setting takes a minute or two for the 14 MB wasm: done once per wasm, kept here. */
const ORT_WASM_CACHE = join(ROOT, ".tmp", "ort-wasm");
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 };
// transformers.js imports the WebGPU build; the wasm-only build is one copy with a smaller binary.
const ORT_ALIAS = { "onnxruntime-web/webgpu": "onnxruntime-web/wasm" };

/** The wasm binary of onnxruntime-web's wasm build, resolved as transformers.js resolves onnxruntime-web. */
function ortWasmPath() {
	const fromTransformers = createRequire(join(ROOT, "node_modules", "@huggingface", "transformers", "package.json"));
	return fromTransformers.resolve("onnxruntime-web/ort-wasm-simd-threaded.wasm");
}

let ortWasm = null;
/** What `virtual:ort-wasm` holds: the brotli bytes (tests look for them in main.js) and the wasm's size. */
export function ortWasmBrotli() {
	if (ortWasm !== null) return ortWasm;
	const wasm = readFileSync(ortWasmPath());
	const digest = createHash("sha256").update(wasm).update(JSON.stringify(BROTLI_PARAMS)).digest("hex").slice(0, 16);
	const cached = join(ORT_WASM_CACHE, `ort-wasm-${digest}.br`);
	if (!existsSync(cached)) {
		process.stderr.write(`Compressing ONNX Runtime's wasm with brotli, once (a minute or two); kept in ${cached}\n`);
		const compressed = brotliCompressSync(wasm, {
			params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: wasm.length },
		});
		mkdirSync(ORT_WASM_CACHE, { recursive: true });
		// Renamed into place: a build running alongside never reads half a file.
		const partial = `${cached}.${process.pid}.part`;
		writeFileSync(partial, compressed);
		renameSync(partial, cached);
	}
	ortWasm = { brotli: readFileSync(cached), size: wasm.length };
	return ortWasm;
}

const ortWasmPlugin = {
	name: "ort-wasm",
	setup(build) {
		build.onResolve({ filter: new RegExp(`^${ORT_WASM_ID}(-bytes)?$`) }, (args) => ({
			path: args.path,
			namespace: "ort-wasm",
		}));
		build.onLoad({ filter: new RegExp(`^${ORT_WASM_ID}$`), namespace: "ort-wasm" }, () => ({
			contents: `export { default as brotli } from "${ORT_WASM_BYTES_ID}";\nexport const size = ${ortWasmBrotli().size};\n`,
			loader: "js",
		}));
		build.onLoad({ filter: new RegExp(`^${ORT_WASM_BYTES_ID}$`), namespace: "ort-wasm" }, () => ({
			contents: ortWasmBrotli().brotli,
			loader: "binary",
		}));
	},
};

/** Bundles one worker entry; returns its code and the files it was built from (for watch mode). */
export async function bundleWorker(name, { minify = false } = {}) {
	const candidates = WORKER_FOLDERS.map((folder) => join(ROOT, "src", folder, `${name}.ts`));
	const entry = candidates.find((path) => existsSync(path));
	if (entry === undefined) throw new Error(`virtual:${name}: no worker entry at ${candidates.join(" or ")}`);
	const result = await esbuild.build({
		entryPoints: [entry],
		bundle: true,
		write: false,
		format: "iife",
		platform: "browser",
		target: "es2022",
		minify,
		metafile: true,
		logLevel: "silent",
		alias: ORT_ALIAS,
		plugins: [ortWasmPlugin],
	});
	return { code: result.outputFiles[0].text, watchFiles: sourceFiles(result.metafile) };
}

/** The files a bundle was built from; a virtual input ("namespace:path") is none, except the wasm's. */
function sourceFiles(metafile) {
	return Object.keys(metafile.inputs).flatMap((input) => {
		if (input.startsWith(`ort-wasm:${ORT_WASM_ID}`)) return [ortWasmPath()];
		return input.includes(":") ? [] : [resolve(ROOT, input)];
	});
}

const moduleText = (code) => `export default ${JSON.stringify(code)};`;

/** esbuild plugin; `minify` for production builds. */
export function inlineWorkerPlugin({ minify = false } = {}) {
	return {
		name: "inline-worker",
		setup(build) {
			build.onResolve({ filter: VIRTUAL }, (args) => ({ path: args.path, namespace: NAMESPACE }));
			build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
				const name = VIRTUAL.exec(args.path)[1];
				const { code, watchFiles } = await bundleWorker(name, { minify });
				return { contents: moduleText(code), loader: "js", watchFiles };
			});
		},
	};
}

/** The same for vite/vitest. */
export function inlineWorkerVitePlugin() {
	const prefix = "\0";
	return {
		name: "inline-worker",
		resolveId(id) {
			return VIRTUAL.test(id) ? prefix + id : null;
		},
		async load(id) {
			if (!id.startsWith(prefix) || !VIRTUAL.test(id.slice(prefix.length))) return null;
			const { code, watchFiles } = await bundleWorker(VIRTUAL.exec(id.slice(prefix.length))[1]);
			for (const file of watchFiles) this.addWatchFile(file);
			return moduleText(code);
		},
	};
}
