import type { LoadedNote } from "../../core/model/vault";
import type { NoteEmbeddings } from "../embeddings/note-embeddings";

/** The embeddings recall uses, when a model is loaded; the model loads in the background and may be removed. */
export class CurrentEmbeddings {
	constructor(private embeddings: NoteEmbeddings | undefined) {}

	get current(): NoteEmbeddings | undefined {
		return this.embeddings;
	}

	/** Undefined stops them (the model was removed). */
	use(embeddings: NoteEmbeddings | undefined): void {
		this.embeddings = embeddings;
	}

	/**
	 * Resolves once a note just indexed is found by every retriever: at once for keywords (the
	 * index fed them before), when its vectors are in for embeddings (it is embedded first).
	 */
	whenSearchable(path: string): Promise<void> {
		return this.embeddings?.whenEmbedded(path) ?? Promise.resolve();
	}

	embed(note: LoadedNote): void {
		this.embeddings?.update(note);
	}

	remove(path: string): void {
		this.embeddings?.remove(path);
	}

	rename(oldPath: string, newPath: string): void {
		this.embeddings?.rename(oldPath, newPath);
	}
}
