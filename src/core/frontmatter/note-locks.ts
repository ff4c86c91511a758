/** Runs work for one key at a time, in call order; different keys run independently. */
export class NoteLocks {
	private readonly tails = new Map<string, Promise<unknown>>();

	run<T>(key: string, work: () => Promise<T>): Promise<T> {
		const previous = this.tails.get(key) ?? Promise.resolve();
		const run = previous.then(work, work);
		const tail = run.catch(() => undefined);
		this.tails.set(key, tail);
		void tail.then(() => {
			if (this.tails.get(key) === tail) this.tails.delete(key);
		});
		return run;
	}
}
