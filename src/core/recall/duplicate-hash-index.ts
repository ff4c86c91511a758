/**
 * The duplicateHash of each note's body, looked up both ways: a store asks which notes share its
 * hash, and scanning every note's hash for that was linear in the vault (0.5 ms a store at 10k).
 */
export class DuplicateHashIndex {
	private readonly hashOf = new Map<string, number>();
	private readonly pathsOf = new Map<number, Set<string>>();

	get size(): number {
		return this.hashOf.size;
	}

	get(path: string): number | undefined {
		return this.hashOf.get(path);
	}

	set(path: string, hash: number): void {
		this.delete(path);
		this.hashOf.set(path, hash);
		let paths = this.pathsOf.get(hash);
		if (paths === undefined) this.pathsOf.set(hash, (paths = new Set()));
		paths.add(path);
	}

	delete(path: string): void {
		const hash = this.hashOf.get(path);
		if (hash === undefined) return;
		this.hashOf.delete(path);
		const paths = this.pathsOf.get(hash);
		paths?.delete(path);
		if (paths?.size === 0) this.pathsOf.delete(hash);
	}

	rename(oldPath: string, newPath: string): void {
		const hash = this.hashOf.get(oldPath);
		this.delete(oldPath);
		if (hash !== undefined) this.set(newPath, hash);
	}

	/** Paths whose hash is `hash`, sorted. */
	pathsWith(hash: number): string[] {
		return [...(this.pathsOf.get(hash) ?? [])].sort();
	}
}
