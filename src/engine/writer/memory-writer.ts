import type { LifecycleStatus } from "../../core/model/lifecycle-status";
import type { EdgeType } from "../../core/model/edge-types";
import { errorMessage } from "../../core/model/error-message";
import type { MemorySettings } from "../../core/model/settings";
import type { FrontmatterUpdate, VaultPort } from "../../core/model/vault";
import { corePreferences, withCorePreferences, type CorePreferences } from "./core-preferences";
import { MemoryError } from "../../core/model/memory-error";
import { withoutBidiControls } from "../../core/model/note-text-rules";
import { resolveMemoryId, resolveReadableMemoryId } from "../../core/graph/memory-ids";
import type { MemoryMaintenance } from "../maintenance/memory-maintenance";
import { MemoryNoteCreator, type NewMemory, type StoreResult } from "./memory-note-creator";
import { amendedNames, edgeKeyFor, isLinkable, titleFromContent, wikilinkTo } from "./memory-note-file";
import { fileNameFor } from "../../core/recall/content-title";
import type { MemoryPermissions } from "../../core/permissions/memory-permissions";
import {
	checkContent,
	checkEdgeType,
	checkEventDate,
	checkFlag,
	checkLabel,
	checkLinks,
	checkReason,
	checkTags,
	checkTitle,
	type StoreInput,
	type TypedLink,
} from "./memory-write-input";
import { linkRemoval } from "../../core/graph/link-removal";
import type { EdgeProvenance, MemoryEdge } from "../../core/graph/types";
import type { RecallService } from "../recall/recall-service";
import type { VaultIndex } from "../index/vault-index";
import type { RemovalPreview } from "../inspector/memory-inspector";

export type { AutoLink, StoreResult } from "./memory-note-creator";
export type { StoreInput } from "./memory-write-input";
export type { CorePreferences } from "./core-preferences";

export interface AmendResult extends StoreResult {
	/** The memory the new one replaces; kept as it was. */
	supersedes: string;
}

export interface LinkResult {
	source: string;
	target: string;
	type: EdgeType;
	/** False when the source already had an edge of that type to the target. */
	created: boolean;
	/** The reason given, returned for the caller's record; the note keeps only the link. */
	reason?: string;
}

export interface UnlinkResult {
	source: string;
	target: string;
	type: EdgeType;
	/** Link entries removed from the source's frontmatter; 0 when there was no such link there. */
	removed: number;
	/** Where the source still states the edge (a link in its text, an inline field, another property): not changed. */
	stillLinkedBy: string[];
}

export interface PinResult {
	nodeId: string;
	pinned: boolean;
	/** The status maintenance gives the memory: core while pinned. */
	status: LifecycleStatus;
}

export interface DeleteResult {
	nodeId: string;
	deleted: true;
	/** Always "trash": the trash the user chose in Obsidian (system or `.trash`), headless the vault's `.trash` folder. */
	trashedTo: "trash";
	/** Memories the removal left without a supporting link (named at most 10, readable ones), and how many in all. */
	orphaned: string[];
	orphanedCount: number;
	/** The same in one sentence. */
	impact: string;
}

/** What `MemoryWriter.inQueue` lends a multi-step write. */
export interface WriterSteps {
	create: (memory: NewMemory) => Promise<StoreResult>;
	/** Edits the note's frontmatter (its mtime is not a use) and re-indexes it before resolving. */
	writeFrontmatter: (path: string, update: FrontmatterUpdate) => Promise<void>;
}

export interface MemoryWriterDeps {
	vault: VaultPort;
	index: VaultIndex;
	recall: RecallService;
	/** Valid once the engine has started. */
	maintenance: () => MemoryMaintenance;
	/**
	 * Resolves when a write may go ahead (the engine has started, waiting for it if it is still
	 * indexing; this process holds the writer lock); rejects, before anything is written, otherwise.
	 */
	writable: () => Promise<void>;
	settings: () => MemorySettings;
	/** Saves changed settings (data.json); absent in hosts that cannot, where setCorePreferences refuses. */
	updateSettings?: (change: (settings: MemorySettings) => MemorySettings) => Promise<void>;
	clock: () => number;
	permissions: MemoryPermissions;
	/** What removing a memory would do, naming only the orphans `include` lets through. */
	removal: (path: string, include: (path: string) => boolean) => RemovalPreview;
}

/**
 * The engine's write operations for MCP clients: store, amend, link, pin, unpin, delete and the
 * core preferences. Every input is checked (ids, types, sizes, permissions) before anything is
 * written, each operation makes one write, and the index applies it before the call returns,
 * so the next recall sees it (the watcher's own event for the same change finds nothing new).
 * Writes run one at a time, so names and link limits are never decided on stale state.
 */
export class MemoryWriter {
	readonly permissions: MemoryPermissions;
	private readonly creator: MemoryNoteCreator;
	private exclusive: Promise<unknown> = Promise.resolve();

	constructor(private readonly deps: MemoryWriterDeps) {
		this.permissions = deps.permissions;
		this.creator = new MemoryNoteCreator(deps);
	}

	/** Creates a memory note in the memory folder with typed links, auto-links and conflict hints. */
	store(input: StoreInput): Promise<StoreResult> {
		return this.runExclusive(() => {
			const request = (input ?? {}) as Partial<Record<keyof StoreInput, unknown>>;
			const content = checkContent(request.content, "content");
			const title = checkTitle(request.title, "title");
			const memory: NewMemory = {
				content,
				title: (title === undefined ? "" : fileNameFor(title)) || titleFromContent(content) || this.fallbackTitle(),
				category: checkLabel(request.category, "category"),
				session: checkLabel(request.sourceSession, "source_session"),
				eventDate: checkEventDate(request.eventDate, "event_date"),
				tags: checkTags(request.tags, "tags"),
				links: checkLinks(this.graph, this.permissions, this.settings.index.edgeKeys, {
					related: request.related,
					relatedTo: request.relatedTo,
				}),
				allowDuplicate: checkFlag(request.allowDuplicate, "allow_duplicate"),
			};
			return this.creator.create(memory);
		});
	}

	/**
	 * A new memory that supersedes `nodeId` (kept untouched), in its category and session, with
	 * the typed links the old one states in its properties and inline fields, titled `title` or
	 * the old title's next version ("Plan" → "Plan (v2)").
	 */
	amend(nodeId: string, content: string, reason?: string, title?: string): Promise<AmendResult> {
		return this.runExclusive(async () => {
			const old = this.resolve(nodeId, "node_id", true);
			if (!isLinkable(old))
				throw new MemoryError(
					`"${old}" cannot be amended: its name contains a character a [[link]] cannot hold (# ^ | [ ]). Rename it first.`,
					"node_id",
				);
			edgeKeyFor(this.settings.index.edgeKeys, "supersedes", "node_id");
			const node = this.graph.node(old);
			const newTitle = checkTitle(title, "title");
			const given = newTitle === undefined ? "" : fileNameFor(newTitle);
			const oldTitle = withoutBidiControls(node?.title ?? old) || this.fallbackTitle();
			const names = given === "" ? amendedNames(oldTitle) : undefined;
			const memory: NewMemory = {
				content: checkContent(content, "content"),
				title: given || oldTitle,
				...(names === undefined ? {} : { names }),
				category: node?.memory.category,
				// The new version belongs to the conversation the old one came from: it stays in its episode.
				session: node?.memory.session,
				amendReason: checkReason(reason, "reason"),
				links: [{ target: old, type: "supersedes" }, ...this.statedLinks(old)],
				replaces: old,
				// An amend states its intent: the new text replaces the old, whatever else says the same.
				allowDuplicate: true,
			};
			return { ...(await this.creator.create(memory)), supersedes: old };
		});
	}

	/** Adds a typed edge source → target, written as `[[target]]` in the source's frontmatter list for the type. */
	link(source: string, target: string, type: string, reason?: string): Promise<LinkResult> {
		return this.runExclusive(() => this.addLink(source, target, type, reason, { asUser: false }));
	}

	/**
	 * The user's own link in the app: any indexed notes, whatever the MCP folder permissions say,
	 * with the same checks otherwise. `linktext` names the target as the app would (its link format).
	 */
	linkAsUser(
		source: string,
		target: string,
		type: string,
		linktext?: (target: string) => string | undefined,
	): Promise<LinkResult> {
		return this.runExclusive(() => this.addLink(source, target, type, undefined, { asUser: true, linktext }));
	}

	/**
	 * Removes the typed edge source → target where the source's frontmatter lists it (lists of
	 * that type's keys, and the auto-links for related_to). A link written in the note's text is
	 * the user's and stays: stillLinkedBy says where.
	 */
	unlink(source: string, target: string, type: string): Promise<UnlinkResult> {
		return this.runExclusive(() => this.removeLink(source, target, type, false));
	}

	/** The user's own unlink in the app: any indexed notes, whatever the MCP folder permissions say. */
	unlinkAsUser(source: string, target: string, type: string): Promise<UnlinkResult> {
		return this.runExclusive(() => this.removeLink(source, target, type, true));
	}

	pin(nodeId: string): Promise<PinResult> {
		return this.setPinned(nodeId, true);
	}

	unpin(nodeId: string): Promise<PinResult> {
		return this.setPinned(nodeId, false);
	}

	/** The user's own pin toggle in the app: any indexed note, whatever the MCP folder permissions say. */
	pinAsUser(path: string, pinned: boolean): Promise<PinResult> {
		return this.setPinned(path, pinned, false);
	}

	/**
	 * Moves a memory created through MCP to the trash; the user's own notes are refused, and so is
	 * a pinned memory unless `confirm` is true. The answer says what the removal orphaned.
	 */
	delete(nodeId: string, confirm?: unknown): Promise<DeleteResult> {
		return this.runExclusive(async () => {
			const path = this.resolve(nodeId, "node_id", true);
			this.permissions.assertWritable(path, "node_id");
			if (this.graph.node(path)?.memory.source !== "mcp") {
				throw new MemoryError(
					`"${path}" was written by you, not created through MCP; Causal Memory never deletes your notes. Unpin or let it fade instead.`,
					"node_id",
				);
			}
			const confirmed = checkFlag(confirm, "confirm");
			const removal = this.deps.removal(path, (orphan) => this.permissions.canRead(orphan));
			if (this.graph.node(path)?.memory.pinned === true && !confirmed) {
				throw new MemoryError(
					`"${path}" is pinned as a core memory. ${removal.text} Ask the user, then call again with confirm: true to delete it.`,
					"confirm",
				);
			}
			return this.trash(path, removal, "node_id");
		});
	}

	/** The user's own delete in the app (after they saw the impact): any indexed note goes to the trash. */
	deleteAsUser(path: string): Promise<DeleteResult> {
		return this.runExclusive(() => {
			const note = resolveMemoryId(this.graph, path, "path");
			return this.trash(
				note,
				this.deps.removal(note, () => true),
				"path",
			);
		});
	}

	/** Replaces the given category lists of core promotion (a list left out is kept) and saves the settings. */
	setCorePreferences(change: { auto?: string[]; approval?: string[]; excluded?: string[] }): Promise<CorePreferences> {
		return this.runExclusive(async () => {
			const request = (change ?? {}) as Record<string, unknown>;
			const lists = { auto: request.auto, approval: request.approval, excluded: request.excluded };
			const scoring = withCorePreferences(this.settings.scoring, lists);
			const save = this.deps.updateSettings;
			if (!save)
				throw new MemoryError(
					"This host cannot save settings; change the core categories in the plugin's settings instead.",
					null,
				);
			await save((settings) => ({ ...settings, scoring: withCorePreferences(settings.scoring, lists) }));
			return corePreferences(scoring);
		});
	}

	/**
	 * Runs `work` in the write queue with the writer's own steps: creating a memory note (input
	 * already checked) and editing one note's frontmatter. For operations built from several
	 * writes (consolidation), so nothing else writes between their checks and their writes.
	 */
	inQueue<T>(work: (steps: WriterSteps) => Promise<T>): Promise<T> {
		return this.runExclusive(() =>
			work({
				create: (memory) => this.creator.create(memory),
				writeFrontmatter: (path, update) => this.writeFrontmatter(path, update),
			}),
		);
	}

	private get graph() {
		return this.deps.index.graph;
	}

	private get settings(): MemorySettings {
		return this.deps.settings();
	}

	/**
	 * Runs a write after the ones before it. A write that arrives while the engine is still
	 * indexing waits for it outside the queue, so each waits its own bounded time; writes that
	 * waited join the queue in the order they came.
	 */
	private runExclusive<T>(work: () => Promise<T>): Promise<T> {
		return this.deps.writable().then(() => {
			const run = this.exclusive.then(work, work);
			this.exclusive = run.catch(() => undefined);
			return run;
		});
	}

	private async addLink(
		source: string,
		target: string,
		type: string,
		reason: string | undefined,
		{ asUser, linktext }: { asUser: boolean; linktext?: (target: string) => string | undefined },
	): Promise<LinkResult> {
		const edgeType = checkEdgeType(type, "type");
		const why = checkReason(reason, "reason");
		const from = this.resolve(source, "source", !asUser);
		const to = this.resolve(target, "target", !asUser);
		if (from === to)
			throw new MemoryError(
				`source and target are the same memory ("${from}"); a memory cannot link to itself.`,
				"target",
			);
		if (!asUser) this.permissions.assertMemoryKeysWritable(from, "source");
		if (!isLinkable(to))
			throw new MemoryError(
				`"${to}" cannot be linked: its name contains a character a [[link]] cannot hold (# ^ | [ ]). Rename it first.`,
				"target",
			);
		const key = edgeKeyFor(this.settings.index.edgeKeys, edgeType, "type");
		const result = { source: from, target: to, type: edgeType, ...(why === undefined ? {} : { reason: why }) };
		if (this.graph.outEdges(from).some((edge) => edge.target === to && edge.type === edgeType))
			return { ...result, created: false };
		if (this.graph.node(from)?.frontmatterError !== undefined) {
			throw new MemoryError(
				`The frontmatter of "${from}" is not valid YAML, so it was not changed; fix it by hand first.`,
				"source",
			);
		}
		const named = linktext?.(to);
		const link = named === undefined ? wikilinkTo(this.graph, to, from) : `[[${named}]]`;
		// Read-modify-write on the very content the write replaces, so a list edited meanwhile keeps its entries.
		await this.writeFrontmatter(from, (frontmatter) => {
			const entries = linkList(frontmatter[key], from, key);
			return entries.includes(link) ? {} : { [key]: [...entries, link] };
		});
		return { ...result, created: true };
	}

	private async removeLink(source: string, target: string, type: string, asUser: boolean): Promise<UnlinkResult> {
		const edgeType = checkEdgeType(type, "type");
		const from = this.resolve(source, "source", !asUser);
		const to = this.resolve(target, "target", !asUser);
		if (!asUser) this.permissions.assertMemoryKeysWritable(from, "source");
		const edge = this.graph.outEdges(from).find((candidate) => candidate.target === to && candidate.type === edgeType);
		const result = { source: from, target: to, type: edgeType };
		if (!edge) return { ...result, removed: 0, stillLinkedBy: [] };
		const note = await this.editableNote(from, "source");
		const removal = linkRemoval(
			note.parsed,
			edgeType,
			this.settings.index.edgeKeys,
			(linkpath) => this.graph.resolve(linkpath, from) === to,
		);
		if (removal.removed > 0) await this.writeFrontmatter(from, removal.patch);
		// From what the note stated before, not the index after: the app's metadata may not have caught up with the write yet.
		const emptied = new Set(Object.keys(removal.patch).filter((key) => !removal.keptIn.includes(key)));
		const still = edge.provenance.filter(
			(p) => !(p.key !== undefined && (p.origin === "frontmatter" || p.origin === "auto_link") && emptied.has(p.key)),
		);
		return { ...result, removed: removal.removed, stillLinkedBy: still.map(placeOf) };
	}

	private async trash(path: string, removal: RemovalPreview, field: string): Promise<DeleteResult> {
		try {
			await this.deps.vault.removeNote(path, { kind: "trash" });
		} catch (error) {
			throw new MemoryError(`Could not move "${path}" to the trash: ${errorMessage(error)}`, field);
		}
		await this.deps.index.apply({ type: "delete", path });
		return {
			nodeId: path,
			deleted: true,
			trashedTo: "trash",
			orphaned: removal.impact.orphaned,
			orphanedCount: removal.impact.orphanedCount,
			impact: removal.text,
		};
	}

	/** The note `id` names; for an MCP client, one it may not read is refused as one that does not exist. */
	private resolve(id: unknown, field: string, forClient: boolean): string {
		if (!forClient) return resolveMemoryId(this.graph, id, field);
		return resolveReadableMemoryId(this.graph, id, field, (path) => this.permissions.canRead(path));
	}

	private setPinned(nodeId: string, pinned: boolean, checkPermissions = true): Promise<PinResult> {
		return this.runExclusive(async () => {
			const path = this.resolve(nodeId, "node_id", checkPermissions);
			if (checkPermissions) this.permissions.assertMemoryKeysWritable(path, "node_id");
			const wasPinned = this.graph.node(path)?.memory.pinned ?? false;
			const before = this.deps.maintenance().statusOf(path);
			await this.writeFrontmatter(path, { memory_pinned: pinned ? true : undefined });
			// Maintenance follows the index: a pinned memory is core, an unpinned core memory active again.
			const status: LifecycleStatus = pinned ? "core" : wasPinned && before === "core" ? "active" : before;
			return { nodeId: path, pinned, status };
		});
	}

	/** A note whose frontmatter can be changed: it exists and its YAML is valid. */
	private async editableNote(path: string, field: string) {
		const note = await this.deps.vault.load(path);
		if (!note) throw new MemoryError(`"${path}" no longer exists.`, field);
		if (note.parsed.frontmatterError !== undefined) {
			throw new MemoryError(
				`The frontmatter of "${path}" is not valid YAML, so it was not changed; fix it by hand first.`,
				field,
			);
		}
		return note;
	}

	private async writeFrontmatter(path: string, update: FrontmatterUpdate): Promise<void> {
		try {
			const file = await this.deps.vault.writeFrontmatter(path, update);
			// Pinning or linking is not an edit of the note: its new mtime does not count as a use.
			if (file) this.deps.maintenance().noteOwnWrite(path, file);
		} catch (error) {
			if (error instanceof MemoryError) throw error;
			throw new MemoryError(`Could not change "${path}": ${errorMessage(error)}`, null, false);
		}
		// The index sees the change now; the watcher's later event for it finds nothing new.
		await this.deps.index.apply({ type: "modify", path });
	}

	/**
	 * The typed links a note states itself (its link properties and inline fields mapped to an
	 * edge type), to notes the client may read and a [[link]] can name: what an amend carries over.
	 * Links in its text go with the text; auto-links are chosen again for the new note; what it
	 * supersedes stays superseded through it (the chain), so those links are not repeated.
	 */
	private statedLinks(path: string): TypedLink[] {
		const edgeKeys = this.settings.index.edgeKeys;
		const stated = (edge: MemoryEdge): boolean =>
			edge.provenance.some(
				(p) =>
					(p.origin === "frontmatter" || p.origin === "inline_field") &&
					p.key !== undefined &&
					(edgeKeys[p.key] ?? edgeKeys[p.key.toLowerCase()]) === edge.type,
			);
		// The graph holds one edge per target and type, never one to the note itself: nothing to deduplicate.
		const links: TypedLink[] = [];
		for (const edge of this.graph.outEdges(path)) {
			if (edge.type === "supersedes" || !stated(edge) || !isLinkable(edge.target)) continue;
			if (this.permissions.canRead(edge.target)) links.push({ target: edge.target, type: edge.type });
		}
		return links;
	}

	private fallbackTitle(): string {
		return `Memory ${new Date(this.deps.clock()).toISOString().slice(0, 19).replace("T", " ").replace(/:/g, "-")}`;
	}
}

/** Where a note states an edge, in words. */
function placeOf(provenance: EdgeProvenance): string {
	if (provenance.origin === "wikilink") return "a link in the note's text";
	if (provenance.origin === "inline_field") return `the inline field ${provenance.key ?? "?"}::`;
	return `the property ${provenance.key ?? "?"}`;
}

/** Entries of a frontmatter link list (a single link counts as a list of one); refuses other values. */
function linkList(value: unknown, path: string, key: string): unknown[] {
	if (value === undefined || value === null) return [];
	if (typeof value === "string") return value.trim() === "" ? [] : [value];
	if (Array.isArray(value)) return value as unknown[];
	throw new MemoryError(
		`The property ${key} of "${path}" holds something other than links, so it was not changed; fix it by hand first.`,
		"source",
	);
}
