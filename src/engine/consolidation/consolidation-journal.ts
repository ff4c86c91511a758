import { z } from "zod";
import { errorMessage } from "../../core/model/error-message";
import type { StoragePort } from "../../core/model/storage-port";
import { once } from "../../core/util/once";

/** One consolidation as its undo needs it: the summary it created and each member's text before. */
export interface ConsolidationEntry {
	/** What `undoConsolidation` takes, e.g. "c1733390000000". */
	id: string;
	at: number;
	/** The summary note's path. */
	summary: string;
	members: { path: string; before: string }[];
	/** When it was undone, or null. */
	undoneAt: number | null;
}

const FILE = "consolidations.json";
/** Consolidations kept for undo, the latest ones: older ones can no longer be undone in one step. */
export const MAX_UNDOABLE_CONSOLIDATIONS = 20;

/** Built on first use: zod schemas cost time to build, not paid while Obsidian evaluates main.js. */
const journalSchema = once(() => {
	return z.object({
		version: z.literal(1),
		entries: z.array(
			z.object({
				id: z.string(),
				at: z.number(),
				summary: z.string(),
				members: z.array(z.object({ path: z.string(), before: z.string() })),
				undoneAt: z.number().nullable(),
			}),
		),
	});
});

/**
 * The undo record of consolidations, in the plugin's own folder (this device's part of it): one
 * entry per consolidation with the members' texts before it, so its undo can check that it put
 * every byte back. Written whole and atomically after each change.
 */
export class ConsolidationJournal {
	constructor(
		private readonly storage: StoragePort,
		private readonly warn: (message: string) => void,
	) {}

	/** The entries, oldest first; an unreadable file is a warning and an empty journal. */
	async entries(): Promise<ConsolidationEntry[]> {
		const text = await this.storage.read(FILE);
		if (text === null) return [];
		try {
			return journalSchema().parse(JSON.parse(text)).entries;
		} catch (error) {
			this.warn(`${FILE} could not be read (${errorMessage(error)}); earlier consolidations cannot be undone here`);
			return [];
		}
	}

	async add(entry: ConsolidationEntry): Promise<void> {
		const entries = [...(await this.entries()), entry].slice(-MAX_UNDOABLE_CONSOLIDATIONS);
		await this.save(entries);
	}

	async markUndone(id: string, at: number): Promise<void> {
		const entries = (await this.entries()).map((entry) => (entry.id === id ? { ...entry, undoneAt: at } : entry));
		await this.save(entries);
	}

	private save(entries: ConsolidationEntry[]): Promise<void> {
		return this.storage.writeAtomic(FILE, JSON.stringify({ version: 1, entries }));
	}
}
