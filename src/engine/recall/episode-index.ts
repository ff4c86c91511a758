import { Grouping } from "../../core/util/grouping";

/**
 * The episodes of the vault: memories that share a `memory_session` value (see `episodeKey`).
 * Derived data, kept in step with the index by the recall service (a note read, removed or
 * renamed) and never written into a note. Costs nothing in a vault without sessions.
 */
export class EpisodeIndex {
	private readonly byEpisode = new Grouping<string>();

	/** How many memories belong to an episode. */
	get size(): number {
		return this.byEpisode.size;
	}

	readonly episodeOf = (id: string): string | undefined => this.byEpisode.keyOf(id);

	membersOf(episode: string): ReadonlySet<string> | undefined {
		return this.byEpisode.itemsWith(episode);
	}

	/** Puts a memory in `episode`, or in none when it is undefined. */
	update(id: string, episode: string | undefined): void {
		this.byEpisode.set(id, episode);
	}

	remove(id: string): void {
		this.byEpisode.delete(id);
	}

	/** The renamed memory keeps its episode; one that had none has none under its new name either. */
	rename(oldId: string, newId: string): void {
		const episode = this.episodeOf(oldId);
		this.remove(oldId);
		this.update(newId, episode);
	}
}
