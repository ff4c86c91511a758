/** Obsidian's Tasks: work a `quit` listener hands the app, which waits for it (best effort) before it closes. */
export class Tasks {
	private readonly promises: Promise<unknown>[] = [];

	add(callback: () => Promise<unknown>): void {
		this.promises.push(callback());
	}

	addPromise(promise: Promise<unknown>): void {
		this.promises.push(promise);
	}

	isEmpty(): boolean {
		return this.promises.length === 0;
	}

	promise(): Promise<unknown> {
		return Promise.all(this.promises);
	}
}
