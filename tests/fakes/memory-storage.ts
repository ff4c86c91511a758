import type { StoragePort } from "../../src/core/model/storage-port";

export type StorageOperation = "list" | "read" | "append" | "writeAtomic" | "remove";

class SimulatedCrash extends Error {
	constructor() {
		super("simulated crash");
	}
}

interface CrashPlan {
	/** 1-based index of the operation during which the process dies. */
	at: number;
	/** How many characters of an interrupted append reach the file. */
	appendedChars: (data: string) => number;
}

/**
 * In-memory StoragePort with fault injection. A crash at operation n lets that operation
 * take partial effect (a prefix of an append; nothing of an atomic write or a remove) and
 * makes it and every later operation throw, like a process that died mid-call. `restart()`
 * gives the files that survived.
 */
export class MemoryStorage implements StoragePort {
	readonly files = new Map<string, string>();
	readonly log: StorageOperation[] = [];
	private crash: CrashPlan | null = null;
	private crashed = false;
	private failingAppendChars: number | null = null;

	get hasCrashed(): boolean {
		return this.crashed;
	}

	crashAt(operation: number, appendedChars: (data: string) => number = () => 0): void {
		this.crash = { at: operation, appendedChars };
	}

	/** The next append writes `chars` characters and then fails (the process lives on). */
	failNextAppend(chars: number): void {
		this.failingAppendChars = chars;
	}

	restart(): MemoryStorage {
		const next = new MemoryStorage();
		for (const [name, content] of this.files) next.files.set(name, content);
		return next;
	}

	count(op: StorageOperation): number {
		return this.log.filter((o) => o === op).length;
	}

	async list(): Promise<string[]> {
		await this.enter("list", "", "");
		return [...this.files.keys()];
	}

	async read(name: string): Promise<string | null> {
		await this.enter("read", name, "");
		return this.files.get(name) ?? null;
	}

	async append(name: string, data: string): Promise<void> {
		await this.enter("append", name, data);
		this.files.set(name, (this.files.get(name) ?? "") + data);
	}

	async writeAtomic(name: string, data: string): Promise<void> {
		await this.enter("writeAtomic", name, data);
		this.files.set(name, data);
	}

	async remove(name: string): Promise<void> {
		await this.enter("remove", name, "");
		this.files.delete(name);
	}

	private async enter(op: StorageOperation, name: string, data: string): Promise<void> {
		await Promise.resolve();
		if (this.crashed) throw new SimulatedCrash();
		this.log.push(op);
		if (this.crash && this.log.length === this.crash.at) {
			this.crashed = true;
			if (op === "append") this.appendPrefix(name, data, this.crash.appendedChars(data));
			throw new SimulatedCrash();
		}
		if (op === "append" && this.failingAppendChars !== null) {
			this.appendPrefix(name, data, this.failingAppendChars);
			this.failingAppendChars = null;
			throw new Error("disk full");
		}
	}

	private appendPrefix(name: string, data: string, chars: number): void {
		this.files.set(name, (this.files.get(name) ?? "") + data.slice(0, chars));
	}
}
