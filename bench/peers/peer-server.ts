import type { Client } from "@modelcontextprotocol/sdk/client/index.js";

/** One dialogue turn as every peer stores it. */
export interface PeerTurn {
	/** The conversation, e.g. "conv-26": the same dia ids repeat in every conversation. */
	conversation: string;
	diaId: string;
	session: number;
	/** The session's date as the data writes it ("1:56 pm on 8 May, 2023"). */
	date: string;
	speaker: string;
	/** `(<date>) <speaker>: <text>`, then the image caption: the same words in every peer. */
	text: string;
	/** The turn before it in the same session, if any. */
	previous?: string;
}

/** What one search call returned. */
interface PeerAnswer {
	/** The hits in the order the server gave them, as the handles `store` returned (others are ignored). */
	handles: string[];
	/** Characters of the answer's text content: what an agent reads. */
	characters: number;
}

/** A running MCP server of one peer, holding one conversation. */
export interface PeerServer {
	/** Stores one turn through the server's tools; the handle its answers will name the turn by. */
	store(turn: PeerTurn): Promise<string>;
	/** One search call with `query`, read-only. */
	ask(query: string): Promise<PeerAnswer>;
	/** The server process's peak resident set size so far, in bytes (undefined when it cannot be read). */
	peakRssBytes(): number | undefined;
	stop(): Promise<void>;
}

export interface Peer {
	name: string;
	/** The package and version, e.g. "obsidian-mcp 2.0.1". */
	version(): string;
	/** "keywords": the tool matches its query as one substring, so the bench also asks keyword by keyword. */
	askByKeyword: boolean;
	start(): Promise<PeerServer>;
}

/** Calls a tool; a tool error or an answer without text becomes an exception naming the tool. */
export async function callText(
	client: Client,
	name: string,
	args: Record<string, unknown>,
): Promise<{ text: string; structured: unknown }> {
	const result = await client.callTool({ name, arguments: args });
	const content = Array.isArray(result.content) ? (result.content as { type: string; text?: string }[]) : [];
	const text = content.map((block) => block.text ?? "").join("\n");
	if (result.isError === true) throw new Error(`${name} failed: ${text.slice(0, 500)}`);
	return { text, structured: result.structuredContent };
}
