/**
 * The episodes of the vault: memories that share a `memory_session` value (see `episodeKey`).
 * Derived data, kept in step with the index by the recall service (a note read, removed or
 * renamed) and never written into a note. Costs nothing in a vault without sessions.
 */
export class EpisodeIndex {
	private readonly episodes = new Map<string, string>();
	private readonly members = new Map<string, Set<string>>();

	/** How many memories belong to an episode. */
	get size(): number {
		return this.episodes.size;
	}

	readonly episodeOf = (id: string): string | undefined => this.episodes.get(id);

	membersOf(episode: string): ReadonlySet<string> | undefined {
		return this.members.get(episode);
	}

	/** Puts a memory in `episode`, or in none when it is undefined. */
	update(id: string, episode: string | undefined): void {
		if (this.episodes.get(id) === episode) return;
		this.remove(id);
		if (episode === undefined) return;
		this.episodes.set(id, episode);
		let members = this.members.get(episode);
		if (!members) this.members.set(episode, (members = new Set()));
		members.add(id);
	}

	remove(id: string): void {
		const episode = this.episodes.get(id);
		if (episode === undefined) return;
		this.episodes.delete(id);
		const members = this.members.get(episode);
		members?.delete(id);
		if (members?.size === 0) this.members.delete(episode);
	}

	rename(oldId: string, newId: string): void {
		const episode = this.episodes.get(oldId);
		this.remove(oldId);
		this.update(newId, episode);
	}
}
