import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { callText, type Peer, type PeerServer, type PeerTurn } from "./peer-server";
import { processPeakRss } from "./process-peak-rss";
import { peerTools, startStdioServer } from "./stdio-client";

const TOOLS = "peer-server-memory";
const PACKAGE = "@modelcontextprotocol/server-memory";

interface Entity {
	name: string;
	entityType: string;
	observations: string[];
}

/**
 * `@modelcontextprotocol/server-memory` (stdio, its graph in a JSONL file). Each turn is an entity
 * of type "utterance" named "<speaker> <dia id>" with the turn's text as its one observation
 * (create_entities), linked to the speaker's "person" entity (said_by) and to the turn before it
 * (follows) with create_relations. search_nodes matches its query as one case-insensitive
 * substring of names, types and observations and returns whole entities, in stored order.
 */
export const serverMemoryPeer: Peer = {
	name: "server-memory",
	askByKeyword: true,
	version: () => `${PACKAGE} ${packageVersion()}`,
	start: async (): Promise<PeerServer> => {
		const folder = peerTools(TOOLS);
		const dir = await mkdtemp(join(tmpdir(), "peer-server-memory-"));
		const server = await startStdioServer(process.execPath, [join(folder, "node_modules", PACKAGE, "dist/index.js")], {
			MEMORY_FILE_PATH: join(dir, "memory.jsonl"),
		});
		const people = new Set<string>();
		const names = new Map<string, string>();
		let peak: number | undefined;
		return {
			store: async (turn: PeerTurn) => {
				const name = `${turn.speaker} ${turn.diaId}`;
				const entities: Entity[] = [{ name, entityType: "utterance", observations: [turn.text] }];
				if (!people.has(turn.speaker)) entities.push({ name: turn.speaker, entityType: "person", observations: [] });
				await callText(server.client, "create_entities", { entities });
				people.add(turn.speaker);
				const relations = [{ from: name, to: turn.speaker, relationType: "said_by" }];
				const previous = turn.previous === undefined ? undefined : names.get(turn.previous);
				if (previous !== undefined) relations.push({ from: name, to: previous, relationType: "follows" });
				await callText(server.client, "create_relations", { relations });
				names.set(turn.diaId, name);
				return name;
			},
			ask: async (query: string) => {
				const { text, structured } = await callText(server.client, "search_nodes", { query });
				const entities = (structured as { entities?: Entity[] } | undefined)?.entities ?? [];
				return { handles: entities.map((entity) => entity.name), characters: text.length };
			},
			peakRssBytes: () => (peak = processPeakRss(server.pid) ?? peak),
			stop: async () => {
				await server.close();
				await rm(dir, { recursive: true, force: true });
			},
		};
	},
};

function packageVersion(): string {
	const file = join("tools", TOOLS, "node_modules", PACKAGE, "package.json");
	return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}
