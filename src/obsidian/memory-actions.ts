import { Notice, type App } from "obsidian";
import { errorMessage } from "../core/model/error-message";
import type { MemorySettings } from "../core/model/settings";
import type { MemoryEngine } from "../engine/memory-engine";
import type { PassReport } from "../engine/maintenance/memory-maintenance";
import type { SemanticRecallSwitch } from "./embedding-service";
import type { EngineService } from "./engine-service";
import { edgePhrase } from "../core/graph/edge-phrases";
import type { EdgeType } from "../core/model/edge-types";
import { titleOf } from "./view/view-text";
import { addLinkFlow, linkAsFlow, removeLinkFlow } from "./modals/link-flow";
import { DeleteMemoryModal } from "./modals/delete-memory-modal";

const NOT_READY = "The memory index is still being built; try again in a moment.";

/**
 * What the user can do to the memory from the app (commands, the memory view, the modals): each
 * action reports its outcome or its failure as a notice and tells the view to re-render.
 * None throws.
 */
export class MemoryActions {
	constructor(
		private readonly app: App,
		readonly memory: EngineService,
		private readonly updateSettings: (change: (settings: MemorySettings) => MemorySettings) => Promise<void>,
		/** Semantic recall's state and its turn-on, for the view; absent where there is no model (tests). */
		readonly semanticRecall?: SemanticRecallSwitch,
	) {}

	/** The engine once it has started, else null (and a notice when `tell`). */
	engine(tell = false): MemoryEngine | null {
		if (this.memory.isStarted) return this.memory.engine;
		if (tell) new Notice(NOT_READY);
		return null;
	}

	async setPinned(path: string, pinned: boolean): Promise<boolean> {
		return this.attempt(pinned ? "could not pin the note" : "could not unpin the note", async (engine) => {
			const result = await engine.writer.pinAsUser(path, pinned);
			new Notice(
				pinned ? `Pinned: ${result.nodeId} is a core memory.` : `Unpinned: ${result.nodeId} is ${result.status}.`,
			);
		});
	}

	/** Starts "Add causal link…" from `source`: note suggester, then type picker. */
	addLink(source: string): void {
		addLinkFlow(this.app, this, source);
	}

	/** Opens the type picker for a link `source` → `target` (the related list's "Link as…"). */
	pickLinkType(source: string, target: string): void {
		linkAsFlow(this.app, this, source, target);
	}

	/** Starts "Remove causal link…" from `source`: pick one of its typed links. */
	removeLink(source: string): void {
		removeLinkFlow(this.app, this, source);
	}

	/** Opens "Delete memory?" for `path`: the removal impact first, then the trash on confirmation. */
	confirmDelete(path: string): void {
		new DeleteMemoryModal(this.app, this, path).open();
	}

	/** Adds the typed link source → target to the source's properties, named as the app names links. */
	async linkNotes(source: string, target: string, type: EdgeType): Promise<boolean> {
		return this.attempt("could not add the link", async (engine) => {
			const result = await engine.writer.linkAsUser(source, target, type, (to) => this.linktext(to, source));
			const words = `${titleOf(result.source)} ${edgePhrase(result.type, "out")} ${titleOf(result.target)}`;
			new Notice(result.created ? `Linked: ${words}.` : `Already linked: ${words}; nothing changed.`);
		});
	}

	/** Removes the typed link source → target from the source's properties. */
	async unlinkNotes(source: string, target: string, type: EdgeType): Promise<boolean> {
		return this.attempt("could not remove the link", async (engine) => {
			const result = await engine.writer.unlinkAsUser(source, target, type);
			const words = `${titleOf(result.source)} ${edgePhrase(result.type, "out")} ${titleOf(result.target)}`;
			const still = result.stillLinkedBy.length > 0 ? ` It is still linked by ${result.stillLinkedBy.join(", ")}.` : "";
			new Notice(`${result.removed > 0 ? "Removed" : "Not in the properties"}: ${words}.${still}`);
		});
	}

	/** Moves the note to the trash (the user's trash setting) after the user saw the removal impact. */
	async deleteMemory(path: string): Promise<boolean> {
		return this.attempt("could not delete the memory", async (engine) => {
			const result = await engine.writer.deleteAsUser(path);
			new Notice(`Moved to the trash: ${titleOf(result.nodeId)}. ${result.impact}`);
		});
	}

	/** Undoes history entry `seq` (of `device`, when another device recorded it). */
	async undo(seq: number, device?: string): Promise<boolean> {
		return this.attempt("could not undo", async (engine) => {
			const entry = engine.maintenance
				.history()
				.find((candidate) => candidate.seq === seq && (device === undefined || candidate.device === device));
			await engine.maintenance.undo(seq, device);
			const what =
				entry?.kind === "transition" ? `${entry.from} → ${entry.to}` : `${entry?.action ?? "change"} (prune)`;
			new Notice(`Undone: ${entry?.path ?? `#${seq}`}, ${what}.`);
		});
	}

	/** Undoes the latest change that has not been undone yet. */
	async undoLatest(): Promise<boolean> {
		const latest = this.engine()
			?.maintenance.history()
			.filter((entry) => entry.undoneAt === null)
			.at(-1);
		if (!latest) {
			new Notice("There is no memory status change to undo.");
			return false;
		}
		return this.undo(latest.seq, latest.device);
	}

	async resolveProposal(path: string, accept: boolean): Promise<boolean> {
		return this.attempt(accept ? "could not accept the proposal" : "could not decline the proposal", async (engine) => {
			await engine.maintenance.resolveProposal(path, accept);
			new Notice(accept ? `${path} is a core memory now.` : `Declined: ${path} will not be proposed again.`);
		});
	}

	async runPass(): Promise<PassReport | null> {
		let report: PassReport | null = null;
		await this.attempt("maintenance failed", async (engine) => {
			report = await engine.maintenance.runPass();
			new Notice(
				`Memory maintenance: ${report.changes.length} status changes, ${report.writes.written} notes updated, ${report.proposals.length} core proposals.`,
			);
		});
		return report;
	}

	/** Turns on confirmed whole-vault status writes, then runs a pass that writes them. */
	async allowVaultWrites(): Promise<boolean> {
		try {
			await this.updateSettings((current) => ({
				...current,
				maintenance: { ...current.maintenance, writeScope: "vault", vaultWritesConfirmed: true },
			}));
		} catch (error) {
			new Notice(`Causal Memory: the setting could not be saved: ${errorMessage(error)}`);
			return false;
		}
		return (await this.runPass()) !== null;
	}

	/** Opens a note in a new tab, to edit it (as Obsidian's `getLeaf("tab").openFile`). */
	async openInNewTab(path: string): Promise<void> {
		const file = this.app.vault.getFileByPath(path);
		if (file) await this.app.workspace.getLeaf("tab").openFile(file);
	}

	/** Opens a note in the workspace (a new tab when `newLeaf`). */
	async openNote(path: string, newLeaf = false): Promise<void> {
		await this.app.workspace.openLinkText(path, "", newLeaf);
	}

	/** The text Obsidian would put between [[ ]] for `target` written in `source` (its new link format). */
	private linktext(target: string, source: string): string | undefined {
		const file = this.app.vault.getFileByPath(target);
		return file ? this.app.metadataCache.fileToLinktext(file, source) : undefined;
	}

	private async attempt(failure: string, work: (engine: MemoryEngine) => Promise<void>): Promise<boolean> {
		const engine = this.engine(true);
		if (!engine) return false;
		try {
			await work(engine);
			return true;
		} catch (error) {
			new Notice(`Causal Memory: ${failure}: ${errorMessage(error)}`);
			return false;
		} finally {
			this.memory.changed();
		}
	}
}
