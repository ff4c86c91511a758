import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { errorMessage } from "../../core/model/error-message";
import { modelFileList } from "../../embeddings/model-file-list";
import { headlessModelFolder, headlessModelsFolder } from "../headless-embedder";
import { readHeadlessSettings, saveHeadlessSettings } from "../headless-settings";
import { downloadModel, HUGGING_FACE_HOST, type DownloadedFile, type FileProgress } from "../model-download";
import { printError, printLine } from "./terminal";

export const MODEL_ACTIONS = ["download", "status", "remove"] as const;
type ModelAction = (typeof MODEL_ACTIONS)[number];

export interface ModelOptions {
	action: ModelAction;
	vaultDir: string;
	/** download: where the files come from (default the Hugging Face hub). */
	host?: string;
	/** Another model than the settings' one (download also makes it the settings' model). */
	modelId?: string;
	/** Where progress lines go (default stderr). */
	progress?: NodeJS.WritableStream & { isTTY?: boolean };
}

/**
 * `causal-memory model download|status|remove`: the embedding model of semantic recall in the
 * vault's plugin folder, where `serve` and the plugin look for it. A download turns semantic
 * recall on (the same setting the plugin's switch records), a removal turns it off.
 */
export async function modelCommand(options: ModelOptions): Promise<number> {
	const { embeddings } = readHeadlessSettings(options.vaultDir).settings;
	const modelId = options.modelId ?? embeddings.modelId;
	const folder = headlessModelFolder(options.vaultDir, modelId);
	const files = modelFileList(embeddings.dtype);
	if (options.action === "status") return status(options.vaultDir, folder, modelId, files, embeddings.allowDownload);
	if (options.action === "remove") {
		await rm(folder, { recursive: true, force: true });
		await saveEmbeddings(options.vaultDir, { allowDownload: false });
		printLine(`Removed ${modelId} (${folder}); semantic recall is off, recall uses keywords and the graph.`);
		return 0;
	}
	const host = options.host ?? HUGGING_FACE_HOST;
	const progress = progressLine(options.progress ?? process.stderr);
	try {
		const downloaded = await downloadModel({ host, modelId, folder, files, onProgress: progress.update });
		progress.done();
		for (const file of downloaded) printLine(`  ${file.file}  ${megabytes(file.bytes)}  ${checkedText(file)}`);
	} catch (error) {
		progress.done();
		printError(`causal-memory: ${errorMessage(error)}`);
		return 1;
	}
	await saveEmbeddings(options.vaultDir, { allowDownload: true, modelId });
	printLine(`${modelId} is in ${folder}; semantic recall is on: serve loads it at its next start.`);
	return 0;
}

async function status(
	vaultDir: string,
	folder: string,
	modelId: string,
	files: readonly string[],
	turnedOn: boolean,
): Promise<number> {
	let total = 0;
	let missing = 0;
	printLine(`${modelId} in ${folder}:`);
	for (const file of files) {
		const size = await sizeOf(join(folder, ...file.split("/")));
		const part = await sizeOf(join(folder, ...`${file}.part`.split("/")));
		if (size === null) missing++;
		total += size ?? 0;
		const state = size !== null ? megabytes(size) : part !== null ? `interrupted at ${megabytes(part)}` : "missing";
		printLine(`  ${file}  ${state}`);
	}
	const others = (await downloadedModels(vaultDir)).filter((id) => id !== modelId);
	printLine(
		missing === 0
			? `Downloaded (${megabytes(total)}). Semantic recall is ${turnedOn ? "on" : "off (causal-memory model download turns it on)"}.`
			: `Not downloaded: causal-memory model download --vault ${vaultDir}`,
	);
	if (others.length > 0) printLine(`Other models in the folder: ${others.join(", ")}`);
	return 0;
}

/** Model ids with a folder under the models folder. */
async function downloadedModels(vaultDir: string): Promise<string[]> {
	const root = headlessModelsFolder(vaultDir);
	const owners = await readdir(root, { withFileTypes: true }).catch(() => []);
	const ids: string[] = [];
	for (const owner of owners.filter((entry) => entry.isDirectory())) {
		const names = await readdir(join(root, owner.name), { withFileTypes: true });
		for (const name of names.filter((entry) => entry.isDirectory())) ids.push(`${owner.name}/${name.name}`);
	}
	return ids;
}

async function saveEmbeddings(vaultDir: string, change: { allowDownload: boolean; modelId?: string }): Promise<void> {
	await saveHeadlessSettings(vaultDir, (saved) => {
		const embeddings = typeof saved.embeddings === "object" && saved.embeddings !== null ? saved.embeddings : {};
		return { ...saved, embeddings: { ...embeddings, ...change } };
	});
}

const CHECKED: Readonly<Record<DownloadedFile["checked"], string>> = {
	present: "already there",
	sha256: "SHA-256 checked",
	"git-sha1": "git blob id checked",
	size: "size checked",
};

function checkedText(file: DownloadedFile): string {
	const checked = CHECKED[file.checked];
	return file.resumedFrom > 0 ? `${checked}, resumed at ${megabytes(file.resumedFrom)}` : checked;
}

/** One line per file, redrawn in place on a terminal; a line at each quarter otherwise (CI logs). */
function progressLine(stream: NodeJS.WritableStream & { isTTY?: boolean }): {
	update: (progress: FileProgress) => void;
	done: () => void;
} {
	let shown = "";
	let lastQuarter = -1;
	let drawn = false;
	const update = ({ file, received, total }: FileProgress): void => {
		const percent = total === null || total === 0 ? null : Math.floor((received / total) * 100);
		const text = `Downloading ${file}  ${megabytes(received)}${total === null ? "" : ` of ${megabytes(total)}`}${percent === null ? "" : ` (${percent}%)`}`;
		if (stream.isTTY === true) {
			if (text === shown) return;
			stream.write(`\r${text}\u001b[K`);
			shown = text;
			drawn = true;
			return;
		}
		const quarter = percent === null ? 0 : Math.floor(percent / 25);
		if (file !== shown) lastQuarter = -1;
		if (quarter > lastQuarter) {
			stream.write(`${text}\n`);
			shown = file;
			lastQuarter = quarter;
		}
	};
	const done = (): void => {
		if (drawn) stream.write("\n");
		drawn = false;
	};
	return { update, done };
}

function megabytes(bytes: number): string {
	return bytes < 1_000_000 ? `${(bytes / 1000).toFixed(1)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

async function sizeOf(path: string): Promise<number | null> {
	const info = await stat(path).catch(() => null);
	return info?.isFile() === true ? info.size : null;
}
