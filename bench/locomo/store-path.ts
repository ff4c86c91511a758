import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { parseKeywordSettings, type KeywordSettingsInput } from "../../src/core/model/keyword-settings";
import { parseRecallSettings, type RecallSettingsInput } from "../../src/core/model/recall-settings";
import { readMemorySettings, type MemorySettings } from "../../src/core/model/settings";
import type { RecallMode } from "../../src/core/recall/recall-types";
import { MemoryEngine } from "../../src/engine/memory-engine";
import { generateToken, startMcpHttpServer } from "../../src/mcp/http/mcp-http-server";
import { memoryMcpServerFactory } from "../../src/mcp/memory-mcp-server";
import { FsStorage } from "../../src/node/fs/fs-storage";
import { FsVault } from "../../src/node/fs/fs-vault";
import { NODE_TIMERS } from "../../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../../src/workers/in-thread-host";
import { sessionTime, type LocomoConversation, type LocomoSession, type LocomoTurn } from "./locomo-data";
import { scoreQuestion } from "./metrics";
import { coverageRanking } from "./coverage-baseline";
import type { ScoredQuestion } from "./run-conversation";

export type StoreMode = RecallMode | "coverage";

/** How the turns reach the engine: `engine.writer.store` in process, or `memory_store` over HTTP. */
export type StoreVia = "store" | "http";

export interface StorePathOptions {
	via: StoreVia;
	/**
	 * Recall modes to ask in, and "coverage" for the baseline (see coverageRanking); over HTTP
	 * recall is what `memory_recall` does without a model (keyword+graph).
	 */
	modes: readonly StoreMode[];
	categories: ReadonlySet<number>;
	recallSettings?: RecallSettingsInput;
	keywordSettings?: KeywordSettingsInput;
	/**
	 * Keep each conversation's stored vault in `<storeDir>/<conversation id>` and, when one is
	 * already there, index it instead of storing again: for trying ranking changes quickly.
	 * Delete the folder after changing anything that happens at store time.
	 */
	storeDir?: string;
	/** Run one maintenance pass before the questions, as a running server does on its interval. */
	pass: boolean;
}

export interface StorePathResult {
	/** Scored questions per recall mode. */
	scored: Map<StoreMode, ScoredQuestion[]>;
	stores: number;
	/** Turns the store answered "duplicate" for: they share the existing memory's note. */
	duplicates: number;
	storeSeconds: number;
	/** Whether the vault was stored earlier and only indexed now (see storeDir). */
	reused: boolean;
}

/** The note of each stored turn, saved next to a kept vault. */
const TURNS_FILE = "turns.json";

/** A turn 1 minute after the previous one, from the session's start: memories stored minutes apart. */
const TURN_SPACING_MS = 60_000;

/** What an agent would store for a turn: who said it and what, and the image it shared. */
function turnContent(turn: LocomoTurn): string {
	const caption = turn.caption ? `\n[image: ${turn.caption}]` : "";
	return `${turn.speaker}: ${turn.text}${caption}`;
}

interface StoreRequest {
	content: string;
	sourceSession: string;
	relatedTo: string[];
}

/** Stores a memory and asks a question, through the engine or through the MCP server. */
interface MemoryClient {
	store(request: StoreRequest): Promise<{ nodeId: string; duplicate: boolean }>;
	recall(question: string, mode: RecallMode): Promise<string[]>;
	close(): Promise<void>;
}

function engineClient(engine: MemoryEngine): MemoryClient {
	return {
		store: async (request) => {
			const result = await engine.writer.store(request);
			return { nodeId: result.nodeId, duplicate: result.status === "duplicate" };
		},
		recall: async (question, mode) =>
			(await engine.recall(question, { k: 10, mode, readOnly: true })).results.map((hit) => hit.path),
		close: () => Promise.resolve(),
	};
}

async function httpClient(engine: MemoryEngine): Promise<MemoryClient> {
	const token = generateToken();
	const server = await startMcpHttpServer({
		createServer: memoryMcpServerFactory(engine, { version: "bench" }),
		port: 0,
		token,
	});
	const client = new Client({ name: "locomo-bench", version: "1" });
	await client.connect(
		new StreamableHTTPClientTransport(new URL(server.url), {
			requestInit: { headers: { Authorization: `Bearer ${token}` } },
		}),
	);
	const call = async (name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> => {
		const result = await client.callTool({ name, arguments: args });
		if (result.isError || typeof result.structuredContent !== "object" || result.structuredContent === null)
			throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
		return result.structuredContent as Record<string, unknown>;
	};
	return {
		store: async (request) => {
			const answer = await call("memory_store", {
				content: request.content,
				source_session: request.sourceSession,
				...(request.relatedTo.length === 0 ? {} : { related_to: request.relatedTo }),
			});
			return { nodeId: answer.node_id as string, duplicate: answer.status === "duplicate" };
		},
		recall: async (question) => {
			const answer = await call("memory_recall", { query: question, k: 10, read_only: true });
			return (answer.results as { node_id: string }[]).map((hit) => hit.node_id);
		},
		close: async () => {
			await client.close();
			await server.close();
		},
	};
}

function engineSettings(options: StorePathOptions): MemorySettings {
	const defaults = readMemorySettings(null).settings;
	return {
		...defaults,
		recall: parseRecallSettings(options.recallSettings ?? {}),
		keyword: parseKeywordSettings(options.keywordSettings ?? {}),
	};
}

/**
 * The path agents take: a fresh vault, every turn stored one after another as an agent would
 * (title made by the writer, memory_created at the turn's time, source_session, related_to the
 * previous turn of the session), then every question asked read-only.
 */
export async function runStorePath(
	conversation: LocomoConversation,
	options: StorePathOptions,
): Promise<StorePathResult> {
	const root =
		options.storeDir === undefined
			? await mkdtemp(join(tmpdir(), "locomo-store-"))
			: join(options.storeDir, conversation.id);
	const kept = options.storeDir !== undefined && existsSync(join(root, TURNS_FILE));
	if (!kept) {
		await rm(root, { recursive: true, force: true });
		await mkdir(join(root, "vault"), { recursive: true });
	}
	let now = 0;
	const settings = engineSettings(options);
	const engine = new MemoryEngine({
		vault: new FsVault(join(root, "vault")),
		storage: new FsStorage(join(root, "state"), { sync: false }),
		worker: createInThreadMaintenanceWorker(),
		timers: NODE_TIMERS,
		clock: () => now,
		settings: () => settings,
		warn: (message) => console.error(message),
	});
	await engine.start({ follow: false });
	const client = options.via === "http" ? await httpClient(engine) : engineClient(engine);
	try {
		const started = performance.now();
		const stored = kept
			? (JSON.parse(await readFile(join(root, TURNS_FILE), "utf8")) as StoredTurns)
			: await storeTurns(conversation, client, (time) => (now = time));
		// Reused vaults are asked at the time the last turn was stored, as fresh ones are: retention
		// and the question's relative times ("last year") are counted from it.
		now = lastTurnTime(conversation);
		const storeSeconds = (performance.now() - started) / 1000;
		if (options.storeDir !== undefined && !kept) await writeFile(join(root, TURNS_FILE), JSON.stringify(stored));
		// A server that has been running did a maintenance pass since: retention and communities are
		// known. The pass starts the communities' update without waiting for it; the questions do.
		if (options.pass) {
			await engine.maintenance.runPass();
			await engine.recallService.updateCommunities();
		}
		const turnsOf = new Map(Object.entries(stored.turnsOf));

		const scored = new Map<StoreMode, ScoredQuestion[]>();
		for (const mode of options.modes) {
			const questions: ScoredQuestion[] = [];
			for (const question of conversation.questions) {
				if (!options.categories.has(question.category) || question.evidence.length === 0) continue;
				const paths =
					mode === "coverage"
						? coverageRanking(engine.recallService.keyword, question.question, 10)
						: await client.recall(question.question, mode);
				// A duplicate turn shares the note of the turn it repeats: the note stands for both.
				const returned = paths.flatMap((path) => turnsOf.get(path) ?? []);
				questions.push({
					conversation: conversation.id,
					category: question.category,
					scores: scoreQuestion(returned, question.evidence),
					question: question.question,
					returned,
					evidence: question.evidence,
				});
			}
			scored.set(mode, questions);
		}
		return { scored, stores: stored.stores, duplicates: stored.duplicates, storeSeconds, reused: kept };
	} finally {
		await client.close();
		await engine.stop();
		if (options.storeDir === undefined) await rm(root, { recursive: true, force: true });
	}
}

interface StoredTurns {
	/** Note path → the dia ids of the turns stored there (more than one when a turn repeated another). */
	turnsOf: Record<string, string[]>;
	stores: number;
	duplicates: number;
}

function turnTime(session: LocomoSession, turn: number): number {
	return sessionTime(session.date) + turn * TURN_SPACING_MS;
}

/** The clock when storeTurns is done: the time of the last turn stored. */
function lastTurnTime(conversation: LocomoConversation): number {
	const last = conversation.sessions.filter((session) => session.turns.length > 0).at(-1);
	return last === undefined ? 0 : turnTime(last, last.turns.length - 1);
}

async function storeTurns(
	conversation: LocomoConversation,
	client: MemoryClient,
	setClock: (time: number) => void,
): Promise<StoredTurns> {
	const turnsOf: Record<string, string[]> = {};
	let duplicates = 0;
	let stores = 0;
	for (const session of conversation.sessions) {
		let previous: string | undefined;
		for (const [i, turn] of session.turns.entries()) {
			setClock(turnTime(session, i));
			const stored = await client.store({
				content: turnContent(turn),
				sourceSession: `session ${session.number}`,
				relatedTo: previous === undefined ? [] : [previous],
			});
			stores++;
			if (stored.duplicate) duplicates++;
			(turnsOf[stored.nodeId] ??= []).push(turn.diaId);
			previous = stored.nodeId;
		}
	}
	return { turnsOf, stores, duplicates };
}
