import { AUTO_LINK_KEY } from "../../core/model/edge-types";
import { EDGE_TYPES } from "../../core/model/edge-types";
import { errorMessage } from "../../core/model/error-message";
import type { MemorySettings } from "../../core/model/settings";
import type { VaultFile, VaultPort } from "../../core/model/vault";
import { chooseAutoLinks, type AutoLinkGraphView } from "../../core/recall/similarity/auto-link";
import { conflictProfile, conflictsAmong, type PossibleConflict } from "../../core/recall/conflicts/conflicts";
import { MemoryError } from "../../core/model/memory-error";
import { composeNote, edgeKeyFor, isLinkable, numberedNames, wikilinkTo, type ComposedNote } from "./memory-note-file";
import type { MemoryPermissions } from "../../core/permissions/memory-permissions";
import type { TypedLink } from "./memory-write-input";
import type { RecallService } from "../recall/recall-service";
import { findSimilarMemories } from "../recall/similar-memories";
import type { VaultIndex } from "../index/vault-index";
import { NoteTextCache } from "./note-text-cache";

export interface AutoLink {
	target: string;
	type: "related_to";
	score: number;
	basis: "embedding" | "keyword";
}

export interface StoreResult {
	/** The new memory, or for a duplicate the existing one. */
	nodeId: string;
	/** "duplicate": nothing was written, the content repeats `duplicateOf`. */
	status: "stored" | "duplicate";
	/** The existing memory with the same (or nearly the same) words; see findDuplicate. */
	duplicateOf?: string;
	/** Existing memories that may disagree with the new one: hints, no edges. */
	possibleConflicts: PossibleConflict[];
	autoLinks: AutoLink[];
}

/** A memory to create, its input already checked. */
export interface NewMemory {
	content: string;
	/** File name without folder and `.md`, already safe (see fileNameFor). */
	title: string;
	/** The file names to try, in order (default `title`, `title 2`, `title 3`…), each as safe as `title`. */
	names?: Iterable<string>;
	category?: string;
	session?: string;
	/** When the fact happened (ISO date as given). */
	eventDate?: string;
	tags?: string[];
	amendReason?: string;
	links: TypedLink[];
	/** A memory left out of auto-links and conflict hints (the one being amended). */
	replaces?: string;
	/** Create the note even when an existing memory has the same words. */
	allowDuplicate: boolean;
}

export interface MemoryNoteCreatorDeps {
	vault: VaultPort;
	index: VaultIndex;
	recall: RecallService;
	settings: () => MemorySettings;
	clock: () => number;
	permissions: MemoryPermissions;
}

/** How many numbered names (`Title 2`, `Title 3`…) a store tries before giving up. */
const NAME_ATTEMPTS = 1000;

/**
 * Creates memory notes: the path (first free name in the memory folder: numbered, or an amend's next version), auto-links to
 * similar memories within the limits, conflict hints, the frontmatter, one createNote, and the
 * keyword index, graph and embeddings updated before it returns. Content that repeats an
 * existing memory creates nothing unless allowed (see findDuplicate).
 */
export class MemoryNoteCreator {
	private readonly texts: NoteTextCache;

	constructor(private readonly deps: MemoryNoteCreatorDeps) {
		this.texts = new NoteTextCache(deps.index, (path) => deps.vault.read(path));
	}

	async create(memory: NewMemory): Promise<StoreResult> {
		const settings = this.deps.settings();
		const folder = settings.maintenance.memoryFolder;
		this.deps.permissions.assertWritable(`${folder}/${memory.title}.md`, "title");
		const similar = await findSimilarMemories(
			{
				recall: this.deps.recall,
				read: (path) => this.texts.read(path),
				derive: (path, kind, compute) => this.texts.derived(path, kind, compute),
				autoLink: () => settings.recall.autoLink,
				accept: (path) =>
					path !== memory.replaces &&
					this.graph.hasNote(path) &&
					isLinkable(path) &&
					this.deps.permissions.canRead(path),
			},
			`${memory.title}\n${memory.content}`,
			memory.allowDuplicate ? undefined : memory.content,
		);
		if (similar.duplicate) {
			const existing = similar.duplicate.id;
			return { nodeId: existing, status: "duplicate", duplicateOf: existing, possibleConflicts: [], autoLinks: [] };
		}
		const { maxLinksPerStore, maxAutoLinksIntoNode } = settings.recall.autoLink;
		const autoLinks = chooseAutoLinks("", similar.similar, this.autoLinkView(memory.links), {
			cosineFloor: similar.floor,
			maxLinksPerStore,
			maxAutoLinksIntoNode,
		});
		const conflicts = conflictsAmong(conflictProfile(memory.content), similar.nearest, settings.recall.conflicts);
		const created = await this.createFile(
			folder,
			memory.title,
			memory.names ?? numberedNames(memory.title),
			(candidate) =>
				this.noteText(
					candidate,
					memory,
					autoLinks.map((link) => link.target),
				),
		);
		const path = created.file.path;
		await created.indexed;
		this.texts.written(path, created.text);
		// Read-your-writes: the next recall finds the memory by its vectors too, not only once the background queue gets to it.
		await this.deps.recall.whenSearchable(path);
		return {
			nodeId: path,
			status: "stored",
			possibleConflicts: conflicts,
			autoLinks: autoLinks.map((link) => ({
				target: link.target,
				type: "related_to",
				score: link.similarity,
				basis: similar.basis,
			})),
		};
	}

	private get graph() {
		return this.deps.index.graph;
	}

	/**
	 * Writes the note under the first free one of `names` and indexes it; `compose` gets the final
	 * path (links are written relative to it). A name is free when no file has the path and no
	 * note of the vault has or links to that name: Obsidian resolves `[[Name]]` to the closest
	 * note so named, so a second one could take over links that meant the first.
	 *
	 * The note is indexed from the text written (the watcher does not report our own create
	 * again) while the vault makes the write durable; the store still answers only after both.
	 * Should the write fail after all, the note leaves the index again.
	 */
	private async createFile(
		folder: string,
		title: string,
		names: Iterable<string>,
		compose: (path: string) => ComposedNote,
	): Promise<{ file: VaultFile; text: string; indexed: Promise<void> }> {
		const { vault, index } = this.deps;
		const fail = (path: string, error: unknown) =>
			new MemoryError(`Could not create the memory note "${path}": ${errorMessage(error)}`, null);
		let tried = 0;
		for (const name of names) {
			if (++tried > NAME_ATTEMPTS) break;
			if (index.nameInUse(name)) continue;
			const path = `${folder === "" ? "" : `${folder}/`}${name}.md`;
			const beside: { indexed?: Promise<void> } = {};
			try {
				const { text, frontmatter } = compose(path);
				const file = await vault.createNote(path, text, (written) => {
					beside.indexed = index.applyCreated(written, text, frontmatter);
					// A failure to index is the store's, reported by the caller; the note stays written.
					return beside.indexed.catch(() => undefined);
				});
				return { file, text, indexed: beside.indexed ?? index.applyCreated(file, text, frontmatter) };
			} catch (error) {
				if (beside.indexed) {
					await beside.indexed.catch(() => undefined);
					await index.apply({ type: "delete", path });
				}
				// A file the index does not hold (or another program's, made meanwhile) has the name: try the next one; anything else is a real failure.
				const taken = await vault.stat(path).then(
					(file) => file !== null,
					() => false,
				);
				if (!taken) throw fail(path, error);
			}
		}
		throw new MemoryError(
			`No free file name for "${title}" in "${folder}" after ${NAME_ATTEMPTS} tries; give another title.`,
			"title",
		);
	}

	private noteText(path: string, memory: NewMemory, autoLinks: string[]): ComposedNote {
		const edgeKeys = this.deps.settings().index.edgeKeys;
		const link = (target: string) => wikilinkTo(this.graph, target, path);
		const typed = EDGE_TYPES.flatMap((type): [string, string[]][] => {
			const links = memory.links.filter((l) => l.type === type).map((l) => link(l.target));
			return links.length === 0 ? [] : [[edgeKeyFor(edgeKeys, type, "related"), links]];
		});
		return composeNote(
			[
				["memory_source", "mcp"],
				["memory_created", new Date(this.deps.clock()).toISOString()],
				["memory_category", memory.category],
				["memory_event_date", memory.eventDate],
				["memory_session", memory.session],
				["tags", memory.tags === undefined || memory.tags.length === 0 ? undefined : memory.tags],
				["memory_amend_reason", memory.amendReason],
				...typed,
				[AUTO_LINK_KEY, autoLinks.length === 0 ? undefined : autoLinks.map(link)],
			],
			memory.content,
		);
	}

	/**
	 * Auto-links already made into a note (links under AUTO_LINK_KEY), and whether the new
	 * memory will be linked to a note anyway, by a link it asked for.
	 */
	private autoLinkView(links: readonly TypedLink[]): AutoLinkGraphView {
		const graph = this.graph.graph;
		const linked = new Set(links.map((link) => link.target));
		return {
			autoLinksInto: (id) => {
				if (!graph.hasNode(id)) return 0;
				let count = 0;
				graph.forEachInEdge(id, (_edge, attributes) => {
					if (attributes.provenance.some((p) => p.key === AUTO_LINK_KEY)) count++;
				});
				return count;
			},
			linked: (_source, target) => linked.has(target),
		};
	}
}
