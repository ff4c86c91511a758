import { promises as fs } from "node:fs";
import { join } from "node:path";
import { normalizePath } from "./normalize-path";

export interface Stat {
	type: "file" | "folder";
	ctime: number;
	mtime: number;
	size: number;
}

export interface ListedFiles {
	files: string[];
	folders: string[];
}

/**
 * The desktop FileSystemAdapter over a real folder: raw file access by vault-relative path,
 * hidden folders included, no vault events. Like the app it refuses to rename onto an existing
 * path and does not create missing parent folders.
 */
export class FakeDataAdapter {
	constructor(private readonly basePath: string) {}

	getBasePath(): string {
		return this.basePath;
	}

	getName(): string {
		return this.basePath.slice(this.basePath.lastIndexOf("/") + 1);
	}

	getFullPath(path: string): string {
		const normalized = normalizePath(path);
		return normalized === "/" ? this.basePath : join(this.basePath, normalized);
	}

	async exists(path: string): Promise<boolean> {
		return (await this.stat(path)) !== null;
	}

	async stat(path: string): Promise<Stat | null> {
		try {
			const stats = await fs.stat(this.getFullPath(path));
			return {
				type: stats.isDirectory() ? "folder" : "file",
				ctime: Math.round(stats.birthtimeMs || stats.ctimeMs),
				mtime: Math.round(stats.mtimeMs),
				size: stats.size,
			};
		} catch (error) {
			if (isMissing(error)) return null;
			throw error;
		}
	}

	async list(path: string): Promise<ListedFiles> {
		const normalized = normalizePath(path);
		const entries = await fs.readdir(this.getFullPath(normalized), { withFileTypes: true });
		const prefix = normalized === "/" ? "" : `${normalized}/`;
		return {
			files: entries.filter((entry) => entry.isFile()).map((entry) => prefix + entry.name),
			folders: entries.filter((entry) => entry.isDirectory()).map((entry) => prefix + entry.name),
		};
	}

	read(path: string): Promise<string> {
		return fs.readFile(this.getFullPath(path), "utf8");
	}

	async readBinary(path: string): Promise<ArrayBuffer> {
		const bytes = await fs.readFile(this.getFullPath(path));
		return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
	}

	writeBinary(path: string, data: ArrayBuffer): Promise<void> {
		return fs.writeFile(this.getFullPath(path), new Uint8Array(data));
	}

	write(path: string, data: string): Promise<void> {
		return fs.writeFile(this.getFullPath(path), data, "utf8");
	}

	append(path: string, data: string): Promise<void> {
		return fs.appendFile(this.getFullPath(path), data, "utf8");
	}

	async mkdir(path: string): Promise<void> {
		await fs.mkdir(this.getFullPath(path), { recursive: true });
	}

	remove(path: string): Promise<void> {
		return fs.unlink(this.getFullPath(path));
	}

	rmdir(path: string, recursive: boolean): Promise<void> {
		return recursive ? fs.rm(this.getFullPath(path), { recursive: true }) : fs.rmdir(this.getFullPath(path));
	}

	async rename(normalizedPath: string, normalizedNewPath: string): Promise<void> {
		if (await this.exists(normalizedNewPath)) throw new Error("Destination file already exists!");
		await fs.rename(this.getFullPath(normalizedPath), this.getFullPath(normalizedNewPath));
	}
}

function isMissing(error: unknown): boolean {
	return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "ENOENT";
}
