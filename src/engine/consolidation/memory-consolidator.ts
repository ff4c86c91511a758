import { CONSOLIDATED_INTO_KEY, isConsolidated } from "../../core/consolidation/consolidated-key";
import { extractiveSummary } from "../../core/consolidation/extractive-summary";
import { resolveReadableMemoryId } from "../../core/graph/memory-ids";
import { errorMessage } from "../../core/model/error-message";
import { MemoryError } from "../../core/model/memory-error";
import type { MemorySettings } from "../../core/model/settings";
import type { VaultPort } from "../../core/model/vault";
import type { MemoryPermissions } from "../../core/permissions/memory-permissions";
import { fileNameFor } from "../../core/recall/content-title";
import { readableText } from "../../core/recall/keyword/keyword-document";
import { contentTermReader } from "../../core/recall/similarity/keyword-similarity";
import type { VaultIndex } from "../index/vault-index";
import type { RecallService } from "../recall/recall-service";
import { isLinkable, titleFromContent, wikilinkTo } from "../writer/memory-note-file";
import { checkContent, checkTitle, type TypedLink } from "../writer/memory-write-input";
import type { AutoLink, MemoryWriter, WriterSteps } from "../writer/memory-writer";
import { ConsolidationJournal, type ConsolidationEntry } from "./consolidation-journal";

/** Most members one consolidation takes (the MCP list limit). */
const MAX_MEMBERS = 100;

export interface ConsolidateInput {
	/** The member ids (paths or link texts), at least two. */
	ids: unknown;
	/** The summary's text. */
	summary: unknown;
	/** The summary note's title; default the summary's first line. */
	title?: unknown;
}

/** Who asks: an MCP client (limited to what it may read and write) or the user (the app, the CLI). */
export interface ConsolidateAccess {
	include: (path: string) => boolean;
	/** Check the MCP write folders for the members' `memory_consolidated_into` key. */
	checkWrites: boolean;
}

export interface ConsolidateResult {
	/** The summary memory's path. */
	nodeId: string;
	/** The member paths, in the order given. */
	members: string[];
	/** Causes of members outside the group, now the summary's own caused_by links. */
	carriedCauses: string[];
	autoLinks: AutoLink[];
	/** What `undoConsolidation` takes to restore every member and remove the summary. */
	undoId: string;
}

export interface UndoConsolidationResult {
	undoId: string;
	/** The summary, moved to the trash. */
	trashed: string | null;
	/** Members whose text is byte for byte what it was before the consolidation. */
	restored: string[];
	/** Members edited since (or gone): their key was removed, the rest of the edit kept. */
	changedSince: string[];
}

/** A summary drafted from the members' key sentences, for a person or an agent to edit. */
export interface ExtractiveDraft {
	title: string;
	summary: string;
	members: string[];
}

export interface MemoryConsolidatorDeps {
	vault: VaultPort;
	index: VaultIndex;
	recall: RecallService;
	writer: MemoryWriter;
	permissions: MemoryPermissions;
	journal: ConsolidationJournal;
	settings: () => MemorySettings;
	clock: () => number;
}

interface Member {
	path: string;
	before: string;
	body: string;
}

/**
 * Consolidation: one summary memory made from several, which stay readable but fade faster
 * (scoring.relevance.consolidatedDecayFactor). Everything is checked before anything is written;
 * the summary is created through the writer (derived_from every member, the members' outside
 * causes as its own), then each member gets `memory_consolidated_into: "[[Summary]]"`, and one
 * journal entry lets `undo` put every byte back. Nothing is ever deleted but by an undo, which
 * moves the summary to the trash.
 */
export class MemoryConsolidator {
	constructor(private readonly deps: MemoryConsolidatorDeps) {}

	consolidate(input: ConsolidateInput, access: ConsolidateAccess): Promise<ConsolidateResult> {
		return this.deps.writer.inQueue(async (steps) => {
			const request = (input ?? {}) as Partial<Record<keyof ConsolidateInput, unknown>>;
			const members = await this.checkedMembers(request.ids, access);
			const summary = checkContent(request.summary, "summary");
			const title = checkTitle(request.title, "title");
			const carriedCauses = this.outsideCauses(members, access.include);
			const links: TypedLink[] = [
				...members.map((member): TypedLink => ({ target: member.path, type: "derived_from" })),
				...carriedCauses.map((target): TypedLink => ({ target, type: "caused_by" })),
			];
			const created = await steps.create({
				content: summary,
				title: (title === undefined ? "" : fileNameFor(title)) || titleFromContent(summary) || "Summary",
				session: this.sharedSession(members),
				links,
				allowDuplicate: true,
			});
			const summaryPath = created.nodeId;
			await this.markMembers(steps, members, summaryPath);
			const at = this.deps.clock();
			const entry: ConsolidationEntry = {
				id: `c${at}-${summaryPath}`,
				at,
				summary: summaryPath,
				members: members.map(({ path, before }) => ({ path, before })),
				undoneAt: null,
			};
			await this.deps.journal.add(entry);
			return {
				nodeId: summaryPath,
				members: members.map((member) => member.path),
				carriedCauses,
				autoLinks: created.autoLinks,
				undoId: entry.id,
			};
		});
	}

	/** The members' key sentences, deduplicated, each cited with its member's link; nothing is written. */
	async extractiveDraft(
		ids: unknown,
		access: ConsolidateAccess,
		label: readonly string[] = [],
	): Promise<ExtractiveDraft> {
		const members = await this.checkedMembers(ids, access);
		const about = this.deps.index.graph.node(members[0].path)?.title ?? "";
		const title = fileNameFor(`Summary of ${about}`) || "Summary";
		const folder = this.deps.settings().maintenance.memoryFolder;
		const summaryPath = `${folder === "" ? "" : `${folder}/`}${title}.md`;
		const termsOf = contentTermReader(this.deps.recall.keyword.settings);
		const summary = extractiveSummary(
			members.map((member) => ({
				link: wikilinkTo(this.deps.index.graph, member.path, summaryPath),
				body: readableText(member.body),
			})),
			termsOf,
			`Consolidated from ${members.length} memories.`,
		);
		return { title, summary, members: members.map((member) => member.path) };
	}

	/** Undoes consolidation `undoId` (default: the latest not undone yet). */
	undo(undoId?: string): Promise<UndoConsolidationResult> {
		return this.deps.writer.inQueue(async (steps) => {
			const entries = await this.deps.journal.entries();
			const entry =
				undoId === undefined
					? entries.filter((candidate) => candidate.undoneAt === null).at(-1)
					: entries.find((candidate) => candidate.id === undoId);
			if (!entry)
				throw new MemoryError(
					undoId === undefined ? "There is no consolidation to undo." : `No consolidation "${undoId}" to undo.`,
					undoId === undefined ? null : "undo_id",
				);
			if (entry.undoneAt !== null) throw new MemoryError(`Consolidation "${entry.id}" was already undone.`, "undo_id");
			const { vault, index } = this.deps;
			const restored: string[] = [];
			const changedSince: string[] = [];
			for (const member of entry.members) {
				if (index.graph.hasNote(member.path))
					await steps.writeFrontmatter(member.path, (frontmatter) =>
						CONSOLIDATED_INTO_KEY in frontmatter ? { [CONSOLIDATED_INTO_KEY]: undefined } : {},
					);
				const now = await vault.read(member.path).catch(() => null);
				(now === member.before ? restored : changedSince).push(member.path);
			}
			let trashed: string | null = null;
			if (index.graph.hasNote(entry.summary)) {
				await vault.removeNote(entry.summary, { kind: "trash" });
				await index.apply({ type: "delete", path: entry.summary });
				trashed = entry.summary;
			}
			await this.deps.journal.markUndone(entry.id, this.deps.clock());
			return { undoId: entry.id, trashed, restored, changedSince };
		});
	}

	/** Every refusal comes from here, before anything is written, naming the id at fault. */
	private async checkedMembers(ids: unknown, access: ConsolidateAccess): Promise<Member[]> {
		if (!Array.isArray(ids) || ids.some((id) => typeof id !== "string"))
			throw new MemoryError("ids must be a list of memory ids (paths or link texts).", "ids");
		if (ids.length > MAX_MEMBERS)
			throw new MemoryError(`ids holds ${ids.length} memories; one consolidation takes at most ${MAX_MEMBERS}.`, "ids");
		const graph = this.deps.index.graph;
		const paths: string[] = [];
		for (const id of ids as string[]) {
			const path = resolveReadableMemoryId(graph, id, "ids", access.include);
			if (access.checkWrites) this.deps.permissions.assertMemoryKeysWritable(path, "ids");
			if (!isLinkable(path))
				throw new MemoryError(
					`"${path}" cannot be consolidated: its name contains a character a [[link]] cannot hold (# ^ | [ ]). Rename it first.`,
					"ids",
				);
			if (!paths.includes(path)) paths.push(path);
		}
		if (paths.length < 2)
			throw new MemoryError(
				`ids names ${paths.length === 1 ? "one memory" : "no memory"}; a consolidation needs at least 2 different memories.`,
				"ids",
			);
		const members: Member[] = [];
		for (const path of paths) {
			const note = await this.deps.vault.load(path);
			if (!note) throw new MemoryError(`"${path}" no longer exists; search again for its current id.`, "ids");
			if (note.parsed.frontmatterError !== undefined)
				throw new MemoryError(
					`The frontmatter of "${path}" is not valid YAML, so it cannot be marked consolidated; fix it by hand first.`,
					"ids",
				);
			if (isConsolidated(note.parsed.frontmatter))
				throw new MemoryError(
					`"${path}" is already consolidated into ${String(note.parsed.frontmatter?.[CONSOLIDATED_INTO_KEY])}; leave it out, or consolidate that summary instead.`,
					"ids",
				);
			members.push({ path, before: note.content, body: note.content.slice(note.parsed.bodyStart) });
		}
		return members;
	}

	/** caused_by targets of the members that are not members themselves, readable and linkable, in order. */
	private outsideCauses(members: readonly Member[], include: (path: string) => boolean): string[] {
		const inside = new Set(members.map((member) => member.path));
		const causes: string[] = [];
		for (const member of members)
			for (const edge of this.deps.index.graph.outEdges(member.path)) {
				if (edge.type !== "caused_by" || inside.has(edge.target) || causes.includes(edge.target)) continue;
				if (include(edge.target) && isLinkable(edge.target)) causes.push(edge.target);
			}
		return causes;
	}

	/** The members' episode when they all share one: the summary belongs to it too. */
	private sharedSession(members: readonly Member[]): string | undefined {
		const sessions = members.map((member) => this.deps.index.graph.node(member.path)?.memory.session);
		return sessions.every((session) => session !== undefined && session === sessions[0]) ? sessions[0] : undefined;
	}

	/**
	 * Writes the key to every member; should one write fail, the keys already written are taken
	 * out again and the summary goes to the trash, so a failed consolidation leaves nothing half done.
	 */
	private async markMembers(steps: WriterSteps, members: readonly Member[], summaryPath: string): Promise<void> {
		const marked: string[] = [];
		try {
			for (const member of members) {
				const link = wikilinkTo(this.deps.index.graph, summaryPath, member.path);
				await steps.writeFrontmatter(member.path, { [CONSOLIDATED_INTO_KEY]: link });
				marked.push(member.path);
			}
		} catch (error) {
			for (const path of marked)
				await steps.writeFrontmatter(path, { [CONSOLIDATED_INTO_KEY]: undefined }).catch(() => undefined);
			await this.deps.vault.removeNote(summaryPath, { kind: "trash" }).catch(() => null);
			await this.deps.index.apply({ type: "delete", path: summaryPath }).catch(() => undefined);
			throw new MemoryError(
				`Could not mark the members consolidated (${errorMessage(error)}); nothing was kept: the summary went to the trash.`,
				"ids",
			);
		}
	}
}
