import { readFileSync } from "node:fs";
import { connectMcpClient } from "../soak/session-flood";
import { startServeChild } from "../soak/serve-child";
import { isoDateOf } from "./peer-turns";
import { callText, type Peer, type PeerServer, type PeerTurn } from "./peer-server";
import { processPeakRss } from "./process-peak-rss";

interface StoreAnswer {
	node_id: string;
	status: "stored" | "duplicate";
}

/**
 * Causal Memory's own `serve` (this bench's bundle in a child process, default settings, an empty
 * vault, HTTP on 127.0.0.1). Each turn is one memory_store with the turn's text, source_session
 * "<conversation>-s<session>", event_date the session's day and related_to the turn before it;
 * a question is one memory_recall (k 10, read_only, concise) with the whole question.
 */
export const oursPeer: Peer = {
	name: "ours",
	askByKeyword: false,
	version: () => `causal-memory ${ownVersion()}`,
	start: async (): Promise<PeerServer> => {
		const server = await startServeChild({ empty: true });
		try {
			const client = await connectMcpClient(server.url, server.token, "peers-bench");
			const nodes = new Map<string, string>();
			let peak: number | undefined;
			return {
				store: async (turn: PeerTurn) => {
					const previous = turn.previous === undefined ? undefined : nodes.get(turn.previous);
					const eventDate = isoDateOf(turn.date);
					const { structured } = await callText(client, "memory_store", {
						content: turn.text,
						source_session: `${turn.conversation}-s${turn.session}`,
						...(eventDate === undefined ? {} : { event_date: eventDate }),
						...(previous === undefined ? {} : { related_to: [previous] }),
					});
					const nodeId = (structured as StoreAnswer).node_id;
					nodes.set(turn.diaId, nodeId);
					return nodeId;
				},
				ask: async (query: string) => {
					const { text, structured } = await callText(client, "memory_recall", {
						query,
						k: 10,
						read_only: true,
					});
					const results = (structured as { results?: { node_id: string }[] } | undefined)?.results ?? [];
					return { handles: results.map((hit) => hit.node_id), characters: text.length };
				},
				peakRssBytes: () => (peak = processPeakRss(server.pid) ?? peak),
				stop: async () => {
					await client.close();
					await server.stop();
				},
			};
		} catch (error) {
			await server.stop();
			throw error;
		}
	},
};

function ownVersion(): string {
	return (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;
}
