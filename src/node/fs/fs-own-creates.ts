import { sameFile, type FileIdentity } from "./fs-rename-detector";

/** Creates remembered at most; older ones the watcher never confirmed are forgotten (their echo is then delivered). */
const MAX_REMEMBERED = 1000;

/**
 * The notes `FsVault.createNote` wrote, as the file system identified each right after writing
 * it. The watcher's create event for such a file is our own echo, and the writer indexes the note
 * itself, so it is not delivered; a file changed in between (another identity) is reported.
 */
export class OwnCreates {
	private readonly created = new Map<string, FileIdentity>();

	remember(path: string, identity: FileIdentity): void {
		this.created.delete(path);
		this.created.set(path, identity);
		if (this.created.size > MAX_REMEMBERED) this.created.delete(this.created.keys().next().value as string);
	}

	forget(path: string): void {
		this.created.delete(path);
	}

	/** Whether the file found at `path` is the one we created, unchanged; each create matches once. */
	isOwn(path: string, identity: FileIdentity): boolean {
		const own = this.created.get(path);
		if (own === undefined) return false;
		this.created.delete(path);
		return sameFile(own, identity);
	}
}
