/**
 * An in-memory stand-in for the parts of `node:fs` the fake obsidian module uses, so that the
 * fake's Vault and data adapter run in a browser page. Paths are absolute POSIX paths.
 * Browser harness only: vitest runs the fake over a real folder.
 */

interface Entry {
	kind: "file" | "dir";
	data: Uint8Array;
	ctimeMs: number;
	mtimeMs: number;
}

const entries = new Map<string, Entry>([["/", dir()]]);
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function dir(): Entry {
	const now = Date.now();
	return { kind: "dir", data: new Uint8Array(), ctimeMs: now, mtimeMs: now };
}

function fail(code: string, path: string): never {
	throw Object.assign(new Error(`${code}: ${path}`), { code });
}

function parentOf(path: string): string {
	const at = path.lastIndexOf("/");
	return at <= 0 ? "/" : path.slice(0, at);
}

function get(path: string): Entry {
	return entries.get(path) ?? fail("ENOENT", path);
}

function stats(entry: Entry): object {
	return {
		isFile: () => entry.kind === "file",
		isDirectory: () => entry.kind === "dir",
		size: entry.data.byteLength,
		ctimeMs: entry.ctimeMs,
		birthtimeMs: entry.ctimeMs,
		mtimeMs: entry.mtimeMs,
		mtime: new Date(entry.mtimeMs),
	};
}

function toBytes(data: string | Uint8Array): Uint8Array {
	return typeof data === "string" ? encoder.encode(data) : data;
}

function read(path: string, encoding?: unknown): string | Uint8Array {
	const entry = get(path);
	if (entry.kind !== "file") fail("EISDIR", path);
	return encoding === undefined ? entry.data : decoder.decode(entry.data);
}

function write(path: string, data: string | Uint8Array, options?: unknown): void {
	if (get(parentOf(path)).kind !== "dir") fail("ENOTDIR", path);
	const existing = entries.get(path);
	if (existing && typeof options === "object" && options !== null && (options as { flag?: string }).flag === "wx")
		fail("EEXIST", path);
	const now = Date.now();
	entries.set(path, { kind: "file", data: toBytes(data), ctimeMs: existing?.ctimeMs ?? now, mtimeMs: now });
}

function mkdir(path: string, options?: { recursive?: boolean }): void {
	if (entries.has(path)) {
		if (options?.recursive === true) return;
		fail("EEXIST", path);
	}
	if (!entries.has(parentOf(path))) {
		if (options?.recursive !== true) fail("ENOENT", path);
		mkdir(parentOf(path), options);
	}
	entries.set(path, dir());
}

function children(path: string): string[] {
	const prefix = path === "/" ? "/" : `${path}/`;
	return [...entries.keys()].filter(
		(key) => key !== path && key.startsWith(prefix) && !key.slice(prefix.length).includes("/"),
	);
}

function readdir(path: string, options?: { withFileTypes?: boolean }): unknown[] {
	if (get(path).kind !== "dir") fail("ENOTDIR", path);
	return children(path).map((child) => {
		const name = child.slice(child.lastIndexOf("/") + 1);
		if (options?.withFileTypes !== true) return name;
		const entry = get(child);
		return { name, isFile: () => entry.kind === "file", isDirectory: () => entry.kind === "dir" };
	});
}

function remove(path: string): void {
	get(path);
	for (const key of [...entries.keys()]) if (key === path || key.startsWith(`${path}/`)) entries.delete(key);
}

function rename(from: string, to: string): void {
	get(from);
	for (const [key, entry] of [...entries]) {
		if (key !== from && !key.startsWith(`${from}/`)) continue;
		entries.delete(key);
		entries.set(to + key.slice(from.length), entry);
	}
}

export const readFileSync = read;
export const writeFileSync = write;
export const mkdirSync = mkdir;
export const readdirSync = readdir;
export const rmSync = remove;
export const renameSync = rename;
export const existsSync = (path: string): boolean => entries.has(path);
export const statSync = (path: string): object => stats(get(path));
export function utimesSync(path: string, _atime: Date, mtime: Date): void {
	get(path).mtimeMs = mtime.getTime();
}

export const promises = {
	readFile: async (path: string, encoding?: unknown) => read(path, encoding),
	writeFile: async (path: string, data: string | Uint8Array) => write(path, data),
	appendFile: async (path: string, data: string) => {
		const before = entries.has(path) ? decoder.decode(get(path).data) : "";
		write(path, before + data);
	},
	mkdir: async (path: string, options?: { recursive?: boolean }) => mkdir(path, options),
	unlink: async (path: string) => remove(path),
	rm: async (path: string) => remove(path),
	rmdir: async (path: string) => remove(path),
	rename: async (from: string, to: string) => rename(from, to),
	stat: async (path: string) => stats(get(path)),
	readdir: async (path: string, options?: { withFileTypes?: boolean }) => readdir(path, options),
};

/** Harness helper: puts files (path relative to `root` → text) into the memory file system. */
export function seedFiles(root: string, files: Record<string, string>): void {
	mkdir(root, { recursive: true });
	for (const [path, text] of Object.entries(files)) {
		const full = `${root}/${path}`;
		mkdir(parentOf(full), { recursive: true });
		write(full, text);
	}
}
