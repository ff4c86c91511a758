/** A client program that opened a session, as it named itself in `initialize`'s `clientInfo`. */
export interface ConnectedClient {
	name: string;
	version: string;
	/** When a session of this name and version first initialized, by the registry's clock (ms). */
	firstSeen: number;
	/** When its last request arrived (ms). */
	lastRequest: number;
}

/** Clients kept at most; the one with the oldest request is forgotten first. */
export const MAX_CLIENTS = 16;

/** Longest name or version kept: clientInfo is whatever the client sends. */
const MAX_FIELD_LENGTH = 80;

const CONTROL_CHARACTERS = /\p{Cc}/gu;

/**
 * The clients that connected to the MCP server, in memory only: name and version from
 * `initialize`, first seen, last request. One entry per name and version however many sessions
 * it opens (Claude Code opens one per health check); bounded by MAX_CLIENTS. Nothing of the
 * request (token, arguments) is kept.
 */
export class ConnectedClients {
	/** Keyed by name and version; map order is request order, the most recent last. */
	private readonly clients = new Map<string, ConnectedClient>();
	/** Open sessions to their client's key; a session leaves when it closes. */
	private readonly sessions = new Map<string, string>();
	private readonly listeners = new Set<(client: ConnectedClient, isNew: boolean) => void>();

	constructor(
		private readonly now: () => number,
		private readonly max = MAX_CLIENTS,
	) {}

	/**
	 * A session was initialized with this `clientInfo` (anything; a missing or odd one reads
	 * "unknown client"); `isNew` when its name and version were not known.
	 */
	initialized(sessionId: string, clientInfo: unknown): { client: ConnectedClient; isNew: boolean } {
		const name = field(clientInfo, "name") || "unknown client";
		const version = field(clientInfo, "version");
		const key = `${name}\u0000${version}`;
		const at = this.now();
		const known = this.clients.get(key);
		const client = known ?? { name, version, firstSeen: at, lastRequest: at };
		this.sessions.set(sessionId, key);
		this.use(key, client, at);
		if (known === undefined) {
			for (const [oldest] of this.clients) {
				if (this.clients.size <= this.max) break;
				this.clients.delete(oldest);
			}
		}
		const isNew = known === undefined;
		for (const listener of this.listeners) listener(client, isNew);
		return { client, isNew };
	}

	/** A request of an open session arrived. */
	requested(sessionId: string): void {
		const key = this.sessions.get(sessionId);
		const client = key === undefined ? undefined : this.clients.get(key);
		if (key !== undefined && client !== undefined) this.use(key, client, this.now());
	}

	sessionClosed(sessionId: string): void {
		this.sessions.delete(sessionId);
	}

	/** The clients, the one with the most recent request first. */
	list(): ConnectedClient[] {
		return [...this.clients.values()].reverse().map((client) => ({ ...client }));
	}

	/** Called when a session initializes (`isNew`: its name and version were not known); returns the function that stops listening. */
	onInitialized(listener: (client: ConnectedClient, isNew: boolean) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private use(key: string, client: ConnectedClient, at: number): void {
		client.lastRequest = at;
		this.clients.delete(key);
		this.clients.set(key, client);
	}
}

/** What the Claude clients call themselves in clientInfo, and the names their users know them by. */
const KNOWN_NAMES: Record<string, string> = {
	"claude-code": "Claude Code",
	"claude-ai": "Claude desktop app",
};

/** "Claude Code 2.1.3", or the name alone when no version was sent. */
export function clientLabel(client: Pick<ConnectedClient, "name" | "version">): string {
	const name = KNOWN_NAMES[client.name] ?? client.name;
	return client.version === "" ? name : `${name} ${client.version}`;
}

function field(info: unknown, key: "name" | "version"): string {
	if (typeof info !== "object" || info === null) return "";
	const value = (info as Record<string, unknown>)[key];
	if (typeof value !== "string") return "";
	return value.replace(CONTROL_CHARACTERS, " ").trim().slice(0, MAX_FIELD_LENGTH);
}
