import type { Vault } from "./vault";

export interface FileStats {
	ctime: number;
	mtime: number;
	size: number;
}

export abstract class TAbstractFile {
	vault: Vault;
	path = "";
	name = "";
	parent: TFolder | null = null;

	constructor(vault: Vault, path: string) {
		this.vault = vault;
		this.setPath(path);
	}

	/** Fake-only: updates the path-derived fields after a move. */
	setPath(path: string): void {
		this.path = path;
		this.name = path === "/" ? "" : path.slice(path.lastIndexOf("/") + 1);
	}
}

export class TFile extends TAbstractFile {
	stat: FileStats = { ctime: 0, mtime: 0, size: 0 };
	// Set by setPath, which the base constructor calls: an initializer here would run later and reset them.
	declare basename: string;
	declare extension: string;

	override setPath(path: string): void {
		super.setPath(path);
		const dot = this.name.lastIndexOf(".");
		this.basename = dot > 0 ? this.name.slice(0, dot) : this.name;
		this.extension = dot > 0 ? this.name.slice(dot + 1).toLowerCase() : "";
	}
}

export class TFolder extends TAbstractFile {
	children: TAbstractFile[] = [];

	isRoot(): boolean {
		return this.path === "/";
	}
}
