import type { McpSettings } from "../model/mcp-settings";
import { MemoryError } from "../model/memory-error";
import { isInFolder, isMemoryPath } from "../model/memory-paths";

export interface PermissionSettings {
	mcp: Pick<McpSettings, "readFolders" | "writeFolders" | "allowMemoryKeysOnOtherNotes">;
	/** Where memories created through MCP live; always writable. */
	memoryFolder: string;
	/** The index's excluded folders: notes there are not memories, so never readable or writable. */
	excludedFolders: readonly string[];
}

/**
 * What MCP clients may read and change, from the settings of the moment (read on every check):
 * - read: every memory (markdown outside hidden and excluded folders), or only those in
 *   `mcp.readFolders` when it is set; the write folders are always readable, so an agent can
 *   recall what it stored;
 * - write (create, amend into, delete): the memory folder plus `mcp.writeFolders`;
 * - memory keys (pins, typed links) on a note outside the write folders: only when it is
 *   readable and `mcp.allowMemoryKeysOnOtherNotes` is on.
 * Refusals are MemoryErrors that name the setting to change.
 */
export class MemoryPermissions {
	/**
	 * `isIndexed`: whether the vault index holds the note. Indexed notes are memories by
	 * definition, so with no read folders set they are readable without parsing the path — recall
	 * asks this for every candidate.
	 */
	constructor(
		private readonly settings: () => PermissionSettings,
		private readonly isIndexed: (path: string) => boolean = () => false,
	) {}

	canRead(path: string): boolean {
		if (this.settings().mcp.readFolders.length === 0 && this.isIndexed(path)) return true;
		return this.readProblem(path) === null;
	}

	assertReadable(path: string, field: string): void {
		const problem = this.readProblem(path);
		if (problem) throw refusal(path, field, problem);
	}

	canWrite(path: string): boolean {
		return this.writeProblem(path) === null;
	}

	assertWritable(path: string, field: string): void {
		const problem = this.writeProblem(path);
		if (problem) throw refusal(path, field, problem);
	}

	/** For pin/unpin and typed links: a writable note, or a readable one when memory keys on other notes are allowed. */
	assertMemoryKeysWritable(path: string, field: string): void {
		if (this.canWrite(path)) return;
		const unreadable = this.readProblem(path);
		if (unreadable) throw refusal(path, field, unreadable);
		if (this.settings().mcp.allowMemoryKeysOnOtherNotes) return;
		throw refusal(
			path,
			field,
			`is outside the folders MCP clients may write (${this.describeWriteFolders()}); to let them pin and link your other notes, ` +
				"turn on the setting mcp.allowMemoryKeysOnOtherNotes, or add the note's folder to mcp.writeFolders",
		);
	}

	/** The memory folder and every folder of `mcp.writeFolders`. */
	writeFolders(): string[] {
		const { memoryFolder, mcp } = this.settings();
		return [...new Set([memoryFolder, ...mcp.writeFolders])];
	}

	private readProblem(path: string): string | null {
		const outside = this.notAMemory(path);
		if (outside) return outside;
		const { readFolders } = this.settings().mcp;
		if (readFolders.length === 0 || readFolders.some((folder) => isInFolder(path, folder))) return null;
		if (this.inWriteFolder(path)) return null;
		return `is outside the folders MCP clients may read (setting mcp.readFolders: ${readFolders.map(quote).join(", ")}); add its folder there to allow it`;
	}

	private writeProblem(path: string): string | null {
		const outside = this.notAMemory(path);
		if (outside) return outside;
		if (this.inWriteFolder(path)) return null;
		return `is outside the folders MCP clients may write (${this.describeWriteFolders()}); add its folder to the setting mcp.writeFolders to allow it`;
	}

	private notAMemory(path: string): string | null {
		if (isMemoryPath(path, this.settings().excludedFolders)) return null;
		if (!path.toLowerCase().endsWith(".md")) return "is not a markdown note";
		if (path.split("/").some((segment) => segment.startsWith(".")))
			return "is in a hidden folder, which holds no memories";
		const excluded = this.settings().excludedFolders.filter(
			(folder) => folder.trim() !== "" && isInFolder(path, folder),
		);
		return `is in an excluded folder (setting index.excludedFolders: ${excluded.map(quote).join(", ")}); remove it from there to allow it`;
	}

	private inWriteFolder(path: string): boolean {
		return this.writeFolders().some((folder) => isInFolder(path, folder));
	}

	private describeWriteFolders(): string {
		const { memoryFolder, mcp } = this.settings();
		const extra = mcp.writeFolders.filter((folder) => folder !== memoryFolder);
		return extra.length === 0
			? `the memory folder ${quote(memoryFolder)}; setting mcp.writeFolders is empty`
			: `the memory folder ${quote(memoryFolder)} and setting mcp.writeFolders: ${extra.map(quote).join(", ")}`;
	}
}

function refusal(path: string, field: string, problem: string): MemoryError {
	return new MemoryError(`Not allowed: ${quote(path)} (field ${field}) ${problem}.`, field);
}

function quote(text: string): string {
	return JSON.stringify(text);
}
