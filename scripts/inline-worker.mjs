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
import { readFile, writeFile } from "node:fs/promises";
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

/**
 * The embedding worker (transformers.js and the wasm, 3.7 MB) is used only with semantic recall, so
 * its module gives a function returning the text rather than the text: callers read it on first use.
 */
const TEXT_GETTERS = new Set(["embedding-worker"]);

const moduleText = (name, code) =>
	TEXT_GETTERS.has(name)
		? `export default function workerText() { return ${JSON.stringify(code)}; }`
		: `export default ${JSON.stringify(code)};`;

/*
 * Packed: the embedding worker's text goes into main.js as a comment inside a function, read back
 * with Function.prototype.toString on first use. V8 skips a comment about three times faster than
 * it scans a string literal and makes no string of it, which was most of what evaluating main.js
 * cost in Chromium (bench: bundle-load). The comment stays ASCII: "%", "*\/" and every non-ASCII
 * character are escaped ("%25", "%2A/", "%uXXXX").
 */
const placeholder = (name) => `@@causal-memory-packed:${name}@@`;
const packText = (code) =>
	code.replace(/%|\*\/|[\u0080-\uffff]/g, (c) =>
		c === "%" ? "%25" : c === "*/" ? "%2A/" : `%u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
	);
const packedModuleText = (name) => `const holder = function () { return ${JSON.stringify(placeholder(name))}; };
export default function workerText() {
	const own = String(holder);
	const start = own.indexOf("/*");
	const end = own.lastIndexOf("*/");
	if (start < 0 || end < start) throw new Error("this build of main.js lacks the ${name}");
	return own
		.slice(start + 2, end)
		.replace(/%(25|2A\\/|u[0-9a-f]{4})/g, (_, code) =>
			code === "25" ? "%" : code === "2A/" ? "*/" : String.fromCharCode(parseInt(code.slice(1), 16)),
		);
}
`;

/**
 * esbuild leaves non-ASCII characters in regular expression literals as they are (strings and
 * identifiers it escapes). One such character makes V8 hold all of main.js' text, 5 MB, as two
 * bytes per character. The same character as \uXXXX means the same in a regular expression, an
 * identifier or a comment; an identity escape (a backslash before it) becomes the escape itself.
 */
function asciiOnly(text) {
	return text.replace(/(\\*)([\u0080-\uffff])/g, (_, slashes, c) => {
		const escaped = `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
		return slashes.length % 2 === 1 ? slashes.slice(1) + escaped : slashes + escaped;
	});
}

/**
 * esbuild plugin; `minify` for production builds; `pack` (main.js only, written to disk) puts the
 * embedding worker's text into a comment after the build instead of a string literal, and leaves
 * the file ASCII.
 */
export function inlineWorkerPlugin({ minify = false, pack = false } = {}) {
	return {
		name: "inline-worker",
		setup(build) {
			const packed = new Map();
			build.onResolve({ filter: VIRTUAL }, (args) => ({ path: args.path, namespace: NAMESPACE }));
			build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
				const name = VIRTUAL.exec(args.path)[1];
				const { code, watchFiles } = await bundleWorker(name, { minify });
				if (!pack || !TEXT_GETTERS.has(name)) return { contents: moduleText(name, code), loader: "js", watchFiles };
				packed.set(name, code);
				return { contents: packedModuleText(name), loader: "js", watchFiles };
			});
			if (!pack) return;
			const packAll = (text, file) => {
				for (const [name, code] of packed) {
					const quoted = [`"${placeholder(name)}"`, `'${placeholder(name)}'`, `\`${placeholder(name)}\``];
					const found = quoted.find((q) => text.includes(q));
					if (found === undefined) throw new Error(`inline-worker: ${name}'s placeholder is missing from ${file}`);
					text = text.replace(found, () => `/*${packText(code)}*/""`);
				}
				return asciiOnly(text);
			};
			build.onEnd(async (result) => {
				if (result.errors.length > 0 || packed.size === 0) return;
				if (result.outputFiles === undefined) {
					const outfile = build.initialOptions.outfile;
					if (outfile === undefined) throw new Error("inline-worker: pack needs one outfile");
					await writeFile(outfile, packAll(await readFile(outfile, "utf8"), outfile));
					return;
				}
				// write: false. esbuild lets an end callback change the result it hands back.
				result.outputFiles = result.outputFiles.map((file) => {
					if (!file.path.endsWith(".js")) return file;
					const text = packAll(file.text, file.path);
					return { path: file.path, hash: file.hash, contents: new TextEncoder().encode(text), text };
				});
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
			const match = id.startsWith(prefix) ? VIRTUAL.exec(id.slice(prefix.length)) : null;
			if (match === null) return null;
			const { code, watchFiles } = await bundleWorker(match[1]);
			for (const file of watchFiles) this.addWatchFile(file);
			return moduleText(match[1], code);
		},
	};
}
