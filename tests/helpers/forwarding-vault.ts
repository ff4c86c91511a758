import type { VaultEventListener, VaultFile, VaultPort } from "../../src/core/model/vault";

/** A vault port that passes every call to `inner`; tests subclass it to change one or two calls. */
export class ForwardingVault implements VaultPort {
	constructor(readonly inner: VaultPort) {}

	list(): Promise<VaultFile[]> {
		return this.inner.list();
	}

	watch(listener: VaultEventListener, onLive?: () => void): () => void {
		return this.inner.watch(listener, onLive);
	}

	read = (path: string) => this.inner.read(path);
	stat = (path: string) => this.inner.stat(path);
	load = (path: string) => this.inner.load(path);
	writeFrontmatter: VaultPort["writeFrontmatter"] = (path, update) => this.inner.writeFrontmatter(path, update);
	createNote: VaultPort["createNote"] = (path, content, whileSyncing) =>
		this.inner.createNote(path, content, whileSyncing);
	moveNote = (from: string, to: string) => this.inner.moveNote(from, to);
	removeNote: VaultPort["removeNote"] = (path, mode) => this.inner.removeNote(path, mode);
}
