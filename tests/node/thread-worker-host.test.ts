import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import workerSource from "virtual:maintenance-worker";
import { inlineWorkerPlugin } from "../../scripts/inline-worker.mjs";
import { createThreadMaintenanceWorker, startWorkerThread } from "../../src/node/thread-worker-host";
import { createInThreadMaintenanceWorker } from "../../src/workers/in-thread-host";
import type { MaintenanceResponse } from "../../src/core/maintenance/maintenance-protocol";
import type { MaintenanceWorker } from "../../src/core/maintenance/maintenance-worker-port";
import { cloneRequest, syntheticRequest } from "../core/maintenance/synthetic-request";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const workers: MaintenanceWorker[] = [];

function threadWorker(): MaintenanceWorker {
	const worker = createThreadMaintenanceWorker();
	workers.push(worker);
	return worker;
}

afterAll(() => {
	for (const worker of workers) worker.terminate();
});

/** The bytes of every typed array, so NaN and −0 compare exactly. */
function bytesOf(response: MaintenanceResponse): Record<string, Buffer> {
	const { retention, consolidation, lifecycle, changes, proposals } = response;
	const arrays = {
		retention,
		consolidation,
		...lifecycle,
		changeIndex: changes.index,
		changeFrom: changes.from,
		changeTo: changes.to,
		changePrune: changes.prune,
		changeReasonEnds: changes.reasonEnds,
		proposalIndex: proposals.index,
		proposalCategory: proposals.category,
	};
	return Object.fromEntries(
		Object.entries(arrays).map(([name, array]) => [
			name,
			Buffer.from(array.buffer, array.byteOffset, array.byteLength),
		]),
	);
}

describe("maintenance worker thread", () => {
	it.each([1, 2])("gives bit-identical results to the in-thread runner (seed %i)", async (seed) => {
		const request = syntheticRequest(5000, seed);
		const inThread = await createInThreadMaintenanceWorker().run(cloneRequest(request));
		const threaded = await threadWorker().run(request);

		expect(bytesOf(threaded)).toEqual(bytesOf(inThread));
		expect(threaded.changes.reasons).toBe(inThread.changes.reasons);
		expect(threaded.proposals.reasons).toBe(inThread.proposals.reasons);
		expect(threaded.stats).toEqual(inThread.stats);
		expect(threaded.changes.index.length).toBeGreaterThan(100);
	});

	it("transfers the request's arrays instead of copying them", async () => {
		const request = syntheticRequest(100, 3);
		await threadWorker().run(request);
		expect(request.nodes.weightedDegree.byteLength).toBe(0);
		expect(request.nodes.adjIndex.byteLength).toBe(0);
		expect(request.lifecycle.since.byteLength).toBe(0);
	});

	it("surfaces an error in the worker as a rejection with its message, and serves the next pass", async () => {
		const worker = threadWorker();
		const bad = syntheticRequest(20, 4);
		bad.nodes.adjIndex[0] = 999;
		await expect(worker.run(bad)).rejects.toThrow(
			"Maintenance pass failed in the maintenance worker thread: maintenance request: adjIndex[0] is 999, not a node (there are 20)",
		);
		await expect(worker.run(syntheticRequest(20, 4))).resolves.toMatchObject({ stats: { nodeCount: 20 } });
	});

	it("answers concurrent passes each with its own result", async () => {
		const worker = threadWorker();
		const sizes = [30, 10, 20];
		const responses = await Promise.all(sizes.map((n, seed) => worker.run(syntheticRequest(n, seed))));
		expect(responses.map((r) => r.stats.nodeCount)).toEqual(sizes);
	});

	it("reports a worker that dies as a crash", async () => {
		const crashes: string[] = [];
		startWorkerThread('throw new Error("broken bundle");', {
			reply: () => undefined,
			crash: (message) => crashes.push(message),
		});
		await expect.poll(() => crashes).toEqual(["broken bundle", "exited with code 1"]);
	});

	it("ends the thread on terminate and rejects what was pending", async () => {
		const exits: string[] = [];
		const connection = startWorkerThread(workerSource, {
			reply: () => undefined,
			crash: (message) => exits.push(message),
		});
		connection.close();
		await expect.poll(() => exits).toEqual([expect.stringMatching(/^exited with code \d+$/)]);

		const worker = createThreadMaintenanceWorker();
		const pending = worker.run(syntheticRequest(2000, 5));
		worker.terminate();
		await expect(pending).rejects.toThrow("The maintenance worker thread was terminated before the pass finished");
		await expect(worker.run(syntheticRequest(10, 5))).rejects.toThrow("was terminated; create a new one");
	});

	it("lets a headless process exit while its worker is idle, and while it is terminated", async () => {
		const dir = mkdtempSync(join(tmpdir(), "thread-host-"));
		try {
			const script = join(dir, "script.cjs");
			await build({
				stdin: {
					contents: `
						import { createThreadMaintenanceWorker } from "./src/node/thread-worker-host";
						import { syntheticRequest } from "./tests/core/maintenance/synthetic-request";
						const idle = createThreadMaintenanceWorker();
						const done = createThreadMaintenanceWorker();
						Promise.all([idle.run(syntheticRequest(100)), done.run(syntheticRequest(100))]).then(([a, b]) => {
							done.terminate();
							console.log("passes", a.stats.nodeCount + b.stats.nodeCount);
						});`,
					resolveDir: ROOT,
					loader: "ts",
				},
				outfile: script,
				bundle: true,
				platform: "node",
				format: "cjs",
				logLevel: "silent",
				plugins: [inlineWorkerPlugin()],
			});
			// A worker that held the process would run into the timeout (SIGTERM, status null).
			const run = spawnSync(process.execPath, [script], { encoding: "utf8", timeout: 20_000 });
			expect({ status: run.status, stdout: run.stdout.trim(), stderr: run.stderr }).toEqual({
				status: 0,
				stdout: "passes 200",
				stderr: "",
			});
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
