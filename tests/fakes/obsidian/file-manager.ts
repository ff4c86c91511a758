import { parse, stringify } from "yaml";
import { TFile, type TAbstractFile } from "./files";
import type { DataWriteOptions } from "./metadata-types";
import type { Vault } from "./vault";

const OPENING = /^---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*(?:\r?\n|$)/m;

/**
 * Obsidian's FileManager. `processFrontMatter` behaves like the app's: the YAML block is parsed
 * to an object, `fn` mutates it, and the whole block is written back re-serialised (quotes,
 * comments and flow style are lost), through `vault.process` so `modify` and then the metadata
 * `changed` fire. Invalid YAML and a throwing `fn` reject and leave the file untouched.
 * `renameFile` moves the file but does not rewrite links in other notes.
 */
export class FileManager {
	constructor(private readonly vault: Vault) {}

	async processFrontMatter(
		file: TFile,
		fn: (frontmatter: Record<string, unknown>) => void,
		options?: DataWriteOptions,
	): Promise<void> {
		if (!(file instanceof TFile) || file.extension !== "md")
			throw new Error("processFrontMatter needs a markdown file.");
		await this.vault.process(file, (content) => rewriteFrontmatter(content, fn), options);
	}

	/** Follows the user's "Deleted files" setting (`vault.trashOption`). */
	async trashFile(file: TAbstractFile): Promise<void> {
		if (this.vault.trashOption === "local") await this.vault.trashLocal(file);
		else if (this.vault.trashOption === "system") await this.vault.trashSystem(file);
		else await this.vault.deletePermanently(file);
	}

	async renameFile(file: TAbstractFile, newPath: string): Promise<void> {
		await this.vault.rename(file, newPath);
	}
}

function rewriteFrontmatter(content: string, fn: (frontmatter: Record<string, unknown>) => void): string {
	const opening = OPENING.exec(content);
	const closing = opening ? CLOSING.exec(content.slice(opening[0].length)) : null;
	const yamlStart = opening && closing ? opening[0].length : -1;
	const yamlEnd = closing ? yamlStart + closing.index : -1;
	const parsed: unknown = yamlStart === -1 ? {} : parse(content.slice(yamlStart, yamlEnd));
	const frontmatter = parsed ?? {};
	if (typeof frontmatter !== "object" || Array.isArray(frontmatter))
		throw new Error("The frontmatter is not a YAML map.");
	fn(frontmatter as Record<string, unknown>);
	const yaml = Object.keys(frontmatter).length === 0 ? "" : stringify(frontmatter, { lineWidth: 0 });
	if (yamlStart === -1) return `---\n${yaml}---\n${content}`;
	return content.slice(0, yamlStart) + yaml + content.slice(yamlEnd);
}
