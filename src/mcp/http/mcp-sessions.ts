import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

interface Session {
	transport: StreamableHTTPServerTransport;
	/** Requests (and open SSE streams) still being answered. */
	inFlight: number;
	/** When the last request ended, by the injected clock. */
	lastActive: number;
}

/**
 * Live sessions by id. A session counts as idle only while no request or stream of it is open;
 * clients such as Claude Code's health checks never DELETE theirs, so idle ones are reaped.
 */
export class McpSessions {
	private readonly sessions = new Map<string, Session>();

	constructor(private readonly now: () => number) {}

	get size(): number {
		return this.sessions.size;
	}

	add(id: string, transport: StreamableHTTPServerTransport): void {
		this.sessions.set(id, { transport, inFlight: 0, lastActive: this.now() });
	}

	remove(id: string): void {
		this.sessions.delete(id);
	}

	transportOf(id: string): StreamableHTTPServerTransport | undefined {
		return this.sessions.get(id)?.transport;
	}

	/** Marks a request of the session as open; the returned function marks it ended. */
	begin(id: string): () => void {
		const session = this.sessions.get(id);
		if (session === undefined) return () => {};
		session.inFlight++;
		let ended = false;
		return () => {
			if (ended) return;
			ended = true;
			session.inFlight--;
			session.lastActive = this.now();
		};
	}

	/** Closes sessions with nothing open and no request for `idleMs`; returns how many. */
	async reapIdle(idleMs: number): Promise<number> {
		const cutoff = this.now() - idleMs;
		const idle = [...this.sessions.values()].filter((session) => session.inFlight === 0 && session.lastActive <= cutoff);
		await Promise.all(idle.map((session) => session.transport.close()));
		return idle.length;
	}

	/** Closes every transport (each close removes its session through the transport's onclose). */
	async closeAll(): Promise<void> {
		const all = [...this.sessions.values()];
		this.sessions.clear();
		await Promise.all(all.map((session) => session.transport.close()));
	}
}
