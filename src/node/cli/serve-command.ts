import { cp } from "node:fs/promises";
import { existsSync } from "node:fs";
import { basename, resolve } from "node:path";
import { emptyVaultHint } from "../../core/inspector/empty-vault-hint";
import { errorMessage } from "../../core/model/error-message";
import type { Embedder } from "../../core/model/embedder";
import type { MemorySettings } from "../../core/model/settings";
import { changedPaths } from "../../core/model/settings-changes";
import type { MemoryEngine } from "../../engine/memory-engine";
import { clientInstructions, TOKEN_VARIABLE } from "../../mcp/connect/client-instructions";
import { startMcpHttpServer, type McpHttpServerOptions, type RunningMcpServer } from "../../mcp/http/mcp-http-server";
import { memoryMcpServerFactory } from "../../mcp/memory-mcp-server";
import { headlessEmbedder } from "../headless-embedder";
import { headlessEngine } from "../headless-engine";
import { headlessSettingsUpdater, readHeadlessSettings } from "../headless-settings";
import { resolveServeToken } from "../serve-token";
import { watchSettingsFile } from "../fs/settings-file-watcher";
import { progressBar } from "./progress-bar";
import { printLine } from "./terminal";

export interface ServeOptions {
	vaultDir: string;
	/** Create the vault as a copy of this folder when it does not exist yet (`npm start` serves a copy of the example vault). */
	seedFrom?: string;
	port?: number;
	fixedPort: boolean;
	/** `--token`: visible to other local users in the process list; prefer `tokenFile` or the environment. */
	token?: string;
	tokenFile?: string;
	/** Serve without a bearer token: for the MCP conformance suite only. */
	noAuth: boolean;
	modelPath?: string;
	version: string;
	/** Resolves when the server should stop; default: SIGINT or SIGTERM. */
	stopSignal?: Promise<void>;
}

/**
 * The headless memory server: indexes and follows the vault folder, runs maintenance on its
 * interval, loads the embedding model in the background when one is configured, and serves the
 * MCP tools on 127.0.0.1 until stopped. A change of data.json applies while it runs (see
 * watchSettingsFile and docs/settings.md, "When settings apply").
 */
export async function serveCommand(options: ServeOptions): Promise<number> {
	if (options.seedFrom !== undefined && !existsSync(options.vaultDir)) {
		await cp(options.seedFrom, options.vaultDir, { recursive: true });
		console.error(`causal-memory: created ${options.vaultDir} as a copy of ${options.seedFrom}`);
	}
	const read = readHeadlessSettings(options.vaultDir);
	let settings = read.settings;
	for (const problem of read.problems)
		console.error(`causal-memory: settings: ${problem}; using defaults for that group`);
	const log = (line: string): void => console.error(`causal-memory: ${line}`);
	const resolved = await resolveServeToken(
		{
			vaultDir: options.vaultDir,
			noAuth: options.noAuth,
			token: options.token,
			tokenFile: options.tokenFile,
			env: process.env,
			log,
		},
		settings,
	);
	let token = resolved.token;
	const tokenFromSettings = resolved.source === "data.json" || resolved.source === "generated";

	const engine = await headlessEngine(options.vaultDir, {
		program: "causal-memory serve",
		settings: () => settings,
		updateSettings: headlessSettingsUpdater(
			options.vaultDir,
			() => settings,
			(next) => useSettings(next),
		),
	});
	/** Puts settings into effect: the engine follows them (MemoryEngine.applySettings). */
	const useSettings = (next: MemorySettings): void => {
		settings = next;
		engine
			.applySettings()
			.catch((error: unknown) => log(`could not apply the changed settings: ${errorMessage(error)}`));
	};
	// Listening from the start: a SIGTERM right after the banner must stop cleanly (and free the writer lock).
	const stopSignal = options.stopSignal ?? untilSignal();
	const bar = progressBar(process.stderr, "Indexing");
	let server: RunningMcpServer | null = null;
	let started: Promise<boolean> = Promise.resolve(false);
	let model: Promise<Embedder | null> = Promise.resolve(null);
	const createServer = memoryMcpServerFactory(engine, { version: options.version });
	const serverOptions = (from: MemorySettings): McpHttpServerOptions => ({
		createServer,
		port: options.port ?? from.mcp.port,
		fixedPort: options.fixedPort || from.mcp.fixedPort,
		token,
		allowNoAuth: options.noAuth,
		idleSessionMs: from.mcp.idleSessionMinutes * 60_000,
		maxSessions: from.mcp.maxSessions,
		log,
	});
	let restarts: Promise<void> = Promise.resolve();
	const restartServer = async (previous: MemorySettings): Promise<void> => {
		const old = server;
		// Not bound yet: the server binds with the settings of the moment.
		if (old === null) return;
		server = null;
		await old.close();
		try {
			server = await startMcpHttpServer(serverOptions(settings));
		} catch (error) {
			log(
				`the MCP server could not restart with the changed settings (${errorMessage(error)}); it keeps the previous ones`,
			);
			server = await startMcpHttpServer(serverOptions(previous));
		}
		log(`MCP server restarted for the changed settings; MCP URL: ${server.url}`);
	};
	const unwatch = watchSettingsFile({
		vaultDir: options.vaultDir,
		read: read.settings,
		current: () => settings,
		log,
		apply: (next, previous) => {
			useSettings(next);
			const newToken = tokenFromSettings && next.mcp.token !== undefined && next.mcp.token !== token;
			if (newToken) token = next.mcp.token ?? null;
			if (newToken || serverNeedsRestart(serverOptions(previous), serverOptions(next)))
				restarts = restarts
					.then(() => restartServer(previous))
					.catch((error: unknown) => log(`the MCP server could not restart: ${errorMessage(error)}`));
			if (changedPaths(previous.embeddings, next.embeddings).length > 0)
				log("the embedding settings changed; the model loads with them when serve starts again");
		},
	});
	try {
		// A second server on the vault is refused before it binds a port.
		await engine.acquireLock();
		// The port is bound before indexing: recall and search answer from the notes read so far
		// (marked partial), the other tools say the index is still loading (see docs/mcp-tools.md).
		server = await startMcpHttpServer(serverOptions(settings));
		printBanner(options.vaultDir, server.url, token);
		started = engine.start({ follow: true, onProgress: bar.update }).then((report) => {
			bar.done();
			console.error(`causal-memory: ${READY_LINE} (${report.notes} notes)`);
			if (report.notes === 0) log(emptyVaultHint(settings.maintenance.memoryFolder));
			const loadModel = headlessEmbedder(options.vaultDir, settings.embeddings, options.modelPath);
			if (loadModel) model = useModel(engine, loadModel);
			return true;
		});
		const stopFirst = await Promise.race([stopSignal.then(() => true), started.then(() => false)]);
		if (!stopFirst) await stopSignal;
		console.error("causal-memory: stopping");
		return 0;
	} finally {
		unwatch();
		await restarts;
		await server?.close();
		await engine.stop();
		// A start cut short by the stop rejects; a start that failed on its own has already thrown above.
		await started.catch(() => false);
		await (await model)?.dispose();
	}
}

/** Whether the server must restart to serve with `next`: it binds the port and takes the session limits when it starts. */
function serverNeedsRestart(previous: McpHttpServerOptions, next: McpHttpServerOptions): boolean {
	return (
		previous.port !== next.port ||
		previous.fixedPort !== next.fixedPort ||
		previous.idleSessionMs !== next.idleSessionMs ||
		previous.maxSessions !== next.maxSessions
	);
}

/** Printed on stderr once the vault is indexed and every tool answers (tests and scripts wait for it). */
export const READY_LINE = "indexed the vault; every tool is ready";

/** Loads the model in the background and gives it to the engine; never rejects (recall stays keyword + graph). */
async function useModel(engine: MemoryEngine, loadModel: () => Promise<Embedder>): Promise<Embedder | null> {
	let loaded: Embedder | null = null;
	try {
		loaded = await loadModel();
		await engine.useEmbedder(loaded);
		console.error(`causal-memory: embedding model ${loaded.modelId} loaded; notes are embedded in the background`);
	} catch (error) {
		console.error(`causal-memory: no semantic recall, the embedding model could not be loaded: ${errorMessage(error)}`);
	}
	return loaded;
}

function printBanner(vaultDir: string, url: string, token: string | null): void {
	const connect = clientInstructions(url, token, basename(resolve(vaultDir)));
	const lines = [
		`Causal Memory is serving ${vaultDir} (indexing it now; recall answers from the notes read so far)`,
		`MCP URL: ${url}`,
		token === null ? "Token: none (--no-auth)" : `Token: ${token}`,
		"",
		`Claude Code, in every folder (registered for your user as ${connect.serverName}):`,
		`  ${connect.claudeCode}`,
		`Or only in one project (run there; its .mcp.json reads the token from ${TOKEN_VARIABLE}):`,
		`  ${connect.claudeCodeProject}`,
		"",
		"Claude Desktop (add to claude_desktop_config.json):",
		...connect.claudeDesktop.split("\n").map((line) => `  ${line}`),
		"",
		"Press Ctrl+C to stop.",
	];
	printLine(lines.join("\n"));
}

function untilSignal(): Promise<void> {
	return new Promise((resolve) => {
		const stop = (): void => {
			process.off("SIGINT", stop);
			process.off("SIGTERM", stop);
			resolve();
		};
		process.on("SIGINT", stop);
		process.on("SIGTERM", stop);
	});
}
