import { MultiDirectedGraph } from "graphology";
import { EDGE_TYPE_INFO, type EdgeType } from "../model/edge-types";
import { basenameKey, isAttachmentLink, LinkResolver } from "../parse/link-resolver";
import { graphNote } from "./graph-note";
import type { RawLink } from "./note-links";
import { pathAttributes } from "./node-attributes";
import type {
	DanglingLink,
	EdgeProvenance,
	GraphNote,
	MemoryEdge,
	MemoryEdgeAttributes,
	MemoryNodeAttributes,
	NoteInput,
} from "./types";

export type MemoryGraphology = MultiDirectedGraph<MemoryNodeAttributes, MemoryEdgeAttributes>;

export interface MemoryGraphOptions {
	/** Frontmatter property / inline field name → edge type. */
	edgeKeys: Record<string, EdgeType>;
	/**
	 * The host's own link resolution (Obsidian's metadata cache), used instead of ours; it sees
	 * every note of the vault, so a link may resolve to a note that is not a memory.
	 */
	resolveLink?: (linkpath: string, sourcePath: string) => string | null;
}

/**
 * The vault as a typed memory graph. Notes are nodes keyed by their vault path; edges are
 * derived from what each note says, so every change is local: a note's out-edges are rebuilt
 * from its own links, and a note appearing, disappearing or moving re-resolves only the links
 * that name its file (the only links whose resolution it can change).
 */
export class MemoryGraph {
	readonly graph: MemoryGraphology = new MultiDirectedGraph({ allowSelfLoops: false });
	private readonly resolver = new LinkResolver();
	private readonly rawLinks = new Map<string, RawLink[]>();
	/** basenameKey of a link target → notes that contain such a link (resolved or not). */
	private readonly linkersByName = new Map<string, Set<string>>();
	private readonly danglingBySource = new Map<string, DanglingLink[]>();
	/** Notes that are link targets but not memories (excluded folders, skipped notes): links to them make no edge. */
	private readonly outside = new Set<string>();
	/**
	 * The provenance of an edge stated once, by origin and key, shared by every such edge: most
	 * edges have one, and an array of its own costs ≈ 200 bytes an edge (≈ 60 MB at 100k notes).
	 */
	private readonly singleProvenance = new Map<string, readonly EdgeProvenance[]>();

	constructor(private readonly options: MemoryGraphOptions) {}

	get order(): number {
		return this.graph.order;
	}

	hasNote(path: string): boolean {
		return this.graph.hasNode(path);
	}

	node(path: string): MemoryNodeAttributes | undefined {
		return this.graph.hasNode(path) ? this.graph.getNodeAttributes(path) : undefined;
	}

	notePaths(): string[] {
		return this.graph.nodes();
	}

	/** The links a note states, before resolution (`GraphNote.links`); undefined for a note not in the graph. */
	rawLinksOf(path: string): readonly RawLink[] | undefined {
		return this.graph.hasNode(path) ? this.rawLinks.get(path) : undefined;
	}

	/** The note a link points to, as Obsidian resolves it: a memory, a note outside memory, or null. */
	resolve(linkpath: string, sourcePath: string): string | null {
		return this.options.resolveLink
			? this.options.resolveLink(linkpath, sourcePath)
			: this.resolver.resolve(linkpath, sourcePath);
	}

	/**
	 * Registers a note that is not a memory but can still be a link's target, as in Obsidian: a
	 * link that resolves to it makes no edge (and is not dangling), rather than landing on
	 * another note of the same name.
	 */
	setOutsideNote(path: string): void {
		if (this.graph.hasNode(path) || this.outside.has(path)) return;
		this.outside.add(path);
		this.resolver.add(path);
		this.reresolveLinkersOf(path);
	}

	/** The notes registered with `setOutsideNote`. */
	outsideNotePaths(): string[] {
		return [...this.outside];
	}

	removeOutsideNote(path: string): void {
		if (!this.outside.delete(path)) return;
		this.resolver.remove(path);
		this.reresolveLinkersOf(path);
	}

	/** Adds or updates a note from its parsed content. */
	setNote(input: NoteInput): void {
		this.setGraphNote(graphNote(input, this.options.edgeKeys));
	}

	private setGraphNote({ path, attributes, links }: GraphNote): void {
		const isNew = !this.graph.hasNode(path);
		if (isNew) {
			this.outside.delete(path);
			this.graph.addNode(path, attributes);
			this.resolver.add(path);
		} else {
			this.graph.replaceNodeAttributes(path, attributes);
		}
		this.setRawLinks(path, links);
		this.rebuildOutEdges(path);
		if (isNew) this.reresolveLinkersOf(path);
	}

	/**
	 * Adds many notes at once (a full index): every node exists before any link is resolved,
	 * so each note's links are resolved exactly once.
	 */
	setNotes(inputs: readonly NoteInput[]): void {
		runToEnd(this.addNotesStepwise(inputs.map((input) => graphNote(input, this.options.edgeKeys))));
	}

	/**
	 * `setNotes` in small steps, one note at a time: the caller decides when to pause between
	 * steps (a main thread must not be held for the seconds a large vault takes). The graph is
	 * complete once the generator is done; it must not be changed otherwise in between.
	 */
	*addNotesStepwise(notes: readonly GraphNote[]): Generator<void, void, undefined> {
		// Into an empty graph every note that links to an added one was added too.
		const empty = this.graph.order === 0;
		const added: string[] = [];
		for (const note of notes) {
			if (this.graph.hasNode(note.path)) {
				this.setGraphNote(note);
			} else {
				this.outside.delete(note.path);
				this.graph.addNode(note.path, note.attributes);
				this.resolver.add(note.path);
				this.setRawLinks(note.path, note.links);
				added.push(note.path);
			}
			yield;
		}
		let affected: Iterable<string> = added;
		if (!empty) {
			const linked = new Set(added);
			for (const path of added) {
				for (const linker of this.linkersByName.get(basenameKey(path)) ?? []) linked.add(linker);
				yield;
			}
			affected = linked;
		}
		for (const path of affected) {
			// Into an empty graph a note's out-edges are all added here: none to drop first.
			this.rebuildOutEdges(path, empty);
			yield;
		}
	}

	/**
	 * Adds a note as a node without its links: a placeholder that lets the notes read so far be
	 * found while a full index is still running (see VaultIndex.partial). Not for a graph that
	 * is kept; the build replaces it.
	 */
	addUnlinkedNote(note: GraphNote): void {
		if (!this.graph.hasNode(note.path)) this.graph.addNode(note.path, note.attributes);
	}

	/** Removes a note; links to it become dangling (or resolve to another note of the same name). */
	removeNote(path: string): boolean {
		if (!this.graph.hasNode(path)) return false;
		this.setRawLinks(path, []);
		this.rawLinks.delete(path);
		this.danglingBySource.delete(path);
		this.graph.dropNode(path);
		this.resolver.remove(path);
		this.reresolveLinkersOf(path);
		return true;
	}

	/** Moves a note to a new path, keeping its attributes (and so its identity for history keyed by it). */
	renameNote(oldPath: string, newPath: string): void {
		if (oldPath === newPath) return;
		const previous = this.graph.getNodeAttributes(oldPath);
		const links = this.rawLinks.get(oldPath) ?? [];
		this.removeNote(oldPath);
		this.outside.delete(newPath);
		this.graph.addNode(newPath, { ...previous, ...pathAttributes(newPath) });
		this.resolver.add(newPath);
		this.setRawLinks(newPath, links);
		this.rebuildOutEdges(newPath);
		this.reresolveLinkersOf(newPath);
	}

	edges(): MemoryEdge[] {
		return this.graph.mapEdges((_key, attributes, source, target) => ({ ...attributes, source, target }));
	}

	outEdges(path: string): MemoryEdge[] {
		if (!this.graph.hasNode(path)) return [];
		return this.graph.mapOutEdges(path, (_key, attributes, source, target) => ({ ...attributes, source, target }));
	}

	inEdges(path: string): MemoryEdge[] {
		if (!this.graph.hasNode(path)) return [];
		return this.graph.mapInEdges(path, (_key, attributes, source, target) => ({ ...attributes, source, target }));
	}

	/**
	 * Whether a new note named `name` (file name without `.md`) could change what a link
	 * resolves to: a note of that name exists somewhere, or some note links to that name.
	 */
	nameInUse(name: string): boolean {
		return this.resolver.hasNoteNamed(name) || this.linkersByName.has(basenameKey(name));
	}

	dangling(): DanglingLink[] {
		return [...this.danglingBySource.values()].flat();
	}

	/** Weighted supportive degree: Σ causal weight of supportive edges in and out. */
	supportiveDegree(path: string): number {
		let total = 0;
		this.graph.forEachEdge(path, (_key, attributes) => {
			if (EDGE_TYPE_INFO[attributes.type].supportive) total += attributes.weight;
		});
		return total;
	}

	isOrphan(path: string): boolean {
		return this.supportiveDegree(path) === 0;
	}

	private setRawLinks(path: string, links: RawLink[]): void {
		for (const name of linkNames(this.rawLinks.get(path) ?? [])) {
			const linkers = this.linkersByName.get(name);
			linkers?.delete(path);
			if (linkers?.size === 0) this.linkersByName.delete(name);
		}
		this.rawLinks.set(path, links);
		for (const name of linkNames(links)) {
			let linkers = this.linkersByName.get(name);
			if (!linkers) this.linkersByName.set(name, (linkers = new Set()));
			linkers.add(path);
		}
	}

	private reresolveLinkersOf(path: string): void {
		const linkers = this.linkersByName.get(basenameKey(path));
		if (!linkers) return;
		for (const source of [...linkers]) {
			if (source !== path && this.graph.hasNode(source)) this.rebuildOutEdges(source);
		}
	}

	private rebuildOutEdges(source: string, withoutEdges = false): void {
		if (!withoutEdges) this.graph.forEachOutEdge(source, (key) => this.graph.dropEdge(key));
		// target → type → the distinct places (origin and key) stating it: a link written 100,000 times is one place.
		const byTarget = new Map<string, Map<EdgeType, Map<string, RawLink>>>();
		const dangling: DanglingLink[] = [];
		for (const link of this.rawLinks.get(source) ?? []) {
			if (link.linkpath === "" || isAttachmentLink(link.linkpath)) continue;
			const target = this.resolve(link.linkpath, source);
			if (target === null) {
				dangling.push({ source, linkpath: link.linkpath, type: link.type });
				continue;
			}
			if (target === source || !this.graph.hasNode(target)) continue;
			let types = byTarget.get(target);
			if (!types) byTarget.set(target, (types = new Map<EdgeType, Map<string, RawLink>>()));
			let places = types.get(link.type);
			if (!places) types.set(link.type, (places = new Map<string, RawLink>()));
			const place = placeId(link);
			if (!places.has(place)) places.set(place, link);
		}
		for (const [target, types] of byTarget) {
			const provenances = new Map<EdgeType, readonly EdgeProvenance[]>();
			for (const [type, places] of types) provenances.set(type, this.provenanceOf([...places.values()]));
			for (const [type, provenance] of withoutRedundantAssociation(provenances)) {
				this.graph.addEdge(source, target, { type, weight: EDGE_TYPE_INFO[type].causalWeight, provenance });
			}
		}
		if (dangling.length > 0) this.danglingBySource.set(source, dangling);
		else this.danglingBySource.delete(source);
	}

	/** The provenance of an edge stated at these distinct places; one place gets the array shared by every such edge. */
	private provenanceOf(places: readonly RawLink[]): readonly EdgeProvenance[] {
		if (places.length > 1) return Object.freeze(places.map(provenanceEntry));
		const id = placeId(places[0]);
		let shared = this.singleProvenance.get(id);
		if (!shared) {
			shared = Object.freeze([provenanceEntry(places[0])]);
			this.singleProvenance.set(id, shared);
		}
		return shared;
	}
}

/** Runs every step of a stepwise operation at once. */
export function runToEnd<R>(steps: Iterator<unknown, R>): R {
	for (;;) {
		const step = steps.next();
		if (step.done === true) return step.value;
	}
}

/** Where a note states a link: its origin and key (a link written twice in the same place is one place). */
function placeId({ origin, key }: RawLink): string {
	return key === undefined ? origin : `${origin}:${key}`;
}

function provenanceEntry({ origin, key }: RawLink): EdgeProvenance {
	return Object.freeze(key === undefined ? { origin } : { origin, key });
}

function linkNames(links: RawLink[]): Set<string> {
	return new Set(links.filter((l) => l.linkpath !== "").map((l) => basenameKey(l.linkpath)));
}

/**
 * A typed link to X also appears as a plain body link (`caused_by:: [[X]]` is a wikilink to
 * Obsidian too); that repetition is not a second, associative edge. An unmapped property
 * that links the same pair is kept: it says something the typed edge does not.
 */
function withoutRedundantAssociation(
	types: Map<EdgeType, readonly EdgeProvenance[]>,
): Map<EdgeType, readonly EdgeProvenance[]> {
	const association = types.get("related_to");
	if (!association || types.size === 1) return types;
	const kept = association.filter((p) => p.origin !== "wikilink");
	const result = new Map(types);
	if (kept.length > 0) result.set("related_to", kept);
	else result.delete("related_to");
	return result;
}
