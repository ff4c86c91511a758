import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readMemorySettings } from "../../src/core/model/settings";
import { MemoryEngine } from "../../src/engine/memory-engine";
import { generateToken, startMcpHttpServer } from "../../src/mcp/http/mcp-http-server";
import { memoryMcpServerFactory } from "../../src/mcp/memory-mcp-server";
import { FsStorage } from "../../src/node/fs/fs-storage";
import { FsVault } from "../../src/node/fs/fs-vault";
import { NODE_TIMERS } from "../../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../../src/workers/in-thread-host";
import { collectGarbage } from "../rss-sampler";
import { openAbandonedSession } from "./abandoned-session";

export interface SessionCost {
	sessions: number;
	heapBytesPerSession: number;
	rssBytesPerSession: number;
}

const WARM_UP_SESSIONS = 50;
const CONCURRENCY = 8;

/**
 * What one abandoned session costs the server: the engine and the HTTP server of `serve` in this
 * process (run it in a fresh one), `sessions` initialize requests never closed and never reaped
 * (the cap is raised above them), the heap and RSS growth after a full collection, per session.
 */
export async function measureSessionCost(sessions: number): Promise<SessionCost> {
	const dir = await mkdtemp(join(tmpdir(), "soak-cost-"));
	await cp("examples/vault", join(dir, "vault"), { recursive: true });
	const settings = readMemorySettings(null).settings;
	const engine = new MemoryEngine({
		vault: new FsVault(join(dir, "vault")),
		storage: new FsStorage(join(dir, "state"), { sync: false }),
		worker: createInThreadMaintenanceWorker(),
		timers: NODE_TIMERS,
		clock: () => Date.now(),
		settings: () => settings,
		warn: () => undefined,
	});
	await engine.start({ follow: false });
	const token = generateToken();
	const server = await startMcpHttpServer({
		createServer: memoryMcpServerFactory(engine, { version: "soak" }),
		port: 0,
		token,
		maxSessions: sessions + WARM_UP_SESSIONS + 1,
	});
	try {
		for (let i = 0; i < WARM_UP_SESSIONS; i++) await initialize(server.port, token);
		collectGarbage();
		const before = process.memoryUsage();
		let next = 0;
		await Promise.all(
			Array.from({ length: CONCURRENCY }, async () => {
				while (next++ < sessions) await initialize(server.port, token);
			}),
		);
		collectGarbage();
		const after = process.memoryUsage();
		const opened = server.sessionCount() - WARM_UP_SESSIONS;
		return {
			sessions: opened,
			heapBytesPerSession: Math.round((after.heapUsed - before.heapUsed) / opened),
			rssBytesPerSession: Math.round((after.rss - before.rss) / opened),
		};
	} finally {
		await server.close();
		await engine.stop();
		await rm(dir, { recursive: true, force: true });
	}
}

async function initialize(port: number, token: string): Promise<void> {
	const status = await openAbandonedSession(false, port, token);
	if (status !== 200) throw new Error(`initialize answered ${status}`);
}
