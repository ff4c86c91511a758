import type { NodeSessionTransport } from "./node-session-transport";

interface Session {
	transport: NodeSessionTransport;
	/** Requests (and open SSE streams) still being answered. */
	inFlight: number;
	/** When the last request ended, by the injected clock. */
	lastActive: number;
}

/** A place for one new session, held from the moment it is granted until the session is added or has failed. */
export interface SessionSlot {
	/** Idle sessions closed to make the room. */
	evicted: number;
	/** Settles once their transports are closed. */
	closed: Promise<void>;
	release(): void;
}

/**
 * Live sessions by id, least recently used first. A session counts as idle only while no request
 * or stream of it is open; clients such as Claude Code's health checks never DELETE theirs, so
 * idle ones are reaped after a while, and the least recently used idle ones are closed at once
 * when a new session would exceed the cap.
 */
export class McpSessions {
	/** Map order is use order: a session is moved to the end whenever a request of it starts or ends. */
	private readonly sessions = new Map<string, Session>();
	/** Slots granted to initialize requests that have not registered their session yet. */
	private opening = 0;

	constructor(
		private readonly now: () => number,
		private readonly maxSessions: number,
	) {}

	get size(): number {
		return this.sessions.size;
	}

	/**
	 * Grants a place for a new session, closing the least recently used idle sessions while the cap
	 * is reached; undefined when every session is busy (the cap then holds and the caller refuses).
	 */
	reserve(): SessionSlot | undefined {
		const excess = this.sessions.size + this.opening + 1 - this.maxSessions;
		const victims: [string, Session][] = [];
		for (const entry of this.sessions) {
			if (victims.length >= excess) break;
			if (entry[1].inFlight === 0) victims.push(entry);
		}
		if (victims.length < excess) return undefined;
		for (const [id] of victims) this.sessions.delete(id);
		this.opening++;
		let released = false;
		return {
			evicted: victims.length,
			closed: Promise.all(victims.map(([, session]) => session.transport.close())).then(() => undefined),
			release: () => {
				if (released) return;
				released = true;
				this.opening--;
			},
		};
	}

	add(id: string, transport: NodeSessionTransport): void {
		this.sessions.set(id, { transport, inFlight: 0, lastActive: this.now() });
	}

	remove(id: string): void {
		this.sessions.delete(id);
	}

	transportOf(id: string): NodeSessionTransport | undefined {
		return this.sessions.get(id)?.transport;
	}

	/** Marks a request of the session as open; the returned function marks it ended. */
	begin(id: string): () => void {
		const session = this.sessions.get(id);
		if (session === undefined) return () => {};
		session.inFlight++;
		this.touch(id, session);
		let ended = false;
		return () => {
			if (ended) return;
			ended = true;
			session.inFlight--;
			session.lastActive = this.now();
			if (this.sessions.get(id) === session) this.touch(id, session);
		};
	}

	/** Closes sessions with nothing open and no request for `idleMs`; returns how many. */
	async reapIdle(idleMs: number): Promise<number> {
		const cutoff = this.now() - idleMs;
		const idle = [...this.sessions.values()].filter(
			(session) => session.inFlight === 0 && session.lastActive <= cutoff,
		);
		await Promise.all(idle.map((session) => session.transport.close()));
		return idle.length;
	}

	/** Closes every transport (each close removes its session through the transport's onclose). */
	async closeAll(): Promise<void> {
		const all = [...this.sessions.values()];
		this.sessions.clear();
		await Promise.all(all.map((session) => session.transport.close()));
	}

	private touch(id: string, session: Session): void {
		this.sessions.delete(id);
		this.sessions.set(id, session);
	}
}
