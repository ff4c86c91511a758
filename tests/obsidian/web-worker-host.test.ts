import { resolveObjectURL } from "node:buffer";
import { afterEach, describe, expect, it, vi } from "vitest";
import workerSource from "virtual:maintenance-worker";
import { startWorkerThread } from "../../src/node/thread-worker-host";
import { createWebMaintenanceWorker } from "../../src/obsidian/web-worker-host";
import { createInThreadMaintenanceWorker } from "../../src/workers/in-thread-host";
import type { MaintenanceMessage } from "../../src/core/maintenance/maintenance-protocol";
import type { WorkerConnection } from "../../src/workers/worker-client";
import { cloneRequest, syntheticRequest } from "../core/maintenance/synthetic-request";

/**
 * A stand-in for the renderer's Worker: resolves the blob URL in the constructor, as the URL
 * parser does in a browser, and runs the script in a worker thread behind the Web Worker prelude.
 */
class FakeWebWorker {
	static readonly created: FakeWebWorker[] = [];
	onmessage: ((event: { data: unknown }) => void) | null = null;
	onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
	onmessageerror: (() => void) | null = null;
	terminated = false;
	readonly source: Promise<string>;
	private readonly thread: Promise<WorkerConnection>;

	constructor(
		readonly url: string,
		readonly options: { name?: string },
	) {
		const blob = resolveObjectURL(url);
		if (!blob) throw new TypeError(`Failed to construct 'Worker': ${url} is not a live blob URL`);
		this.source = blob.text();
		this.thread = this.source.then((source) =>
			startWorkerThread(source, {
				reply: (data) => this.onmessage?.({ data }),
				crash: (message) => {
					if (!this.terminated) this.onerror?.({ message, preventDefault: () => undefined });
				},
			}),
		);
		FakeWebWorker.created.push(this);
	}

	postMessage(message: MaintenanceMessage, transfer: ArrayBuffer[]): void {
		void this.thread.then((thread) => thread.send(message, transfer));
	}

	terminate(): void {
		this.terminated = true;
		void this.thread.then((thread) => thread.close());
	}
}

afterEach(() => {
	vi.unstubAllGlobals();
	FakeWebWorker.created.length = 0;
});

describe("Obsidian maintenance Web Worker", () => {
	it("runs the inlined worker bundle from a revoked blob URL and gives the in-thread results", async () => {
		vi.stubGlobal("Worker", FakeWebWorker);
		const request = syntheticRequest(3000, 21);
		const expected = await createInThreadMaintenanceWorker().run(cloneRequest(request));
		const worker = createWebMaintenanceWorker({ onFallback: () => expect.unreachable("no fallback expected") });

		const { workerMs, ...response } = await worker.run(request);
		worker.terminate();

		expect({ ...response, workerMs: expected.workerMs }).toEqual(expected);
		expect(workerMs).toBeGreaterThanOrEqual(0);
		const [started] = FakeWebWorker.created;
		expect(FakeWebWorker.created).toHaveLength(1);
		expect(await started.source).toBe(workerSource);
		expect(started.options.name).toBe("causal-memory maintenance");
		expect(resolveObjectURL(started.url)).toBeUndefined();
		expect(started.terminated).toBe(true);
	});

	it("starts a new worker after one died", async () => {
		vi.stubGlobal("Worker", FakeWebWorker);
		const worker = createWebMaintenanceWorker();
		await worker.run(syntheticRequest(10, 22));
		const first = FakeWebWorker.created[0];
		const pending = worker.run(syntheticRequest(5000, 22));
		first.onerror?.({ message: "Uncaught RangeError: out of memory", preventDefault: () => undefined });
		await expect(pending).rejects.toThrow(
			"The maintenance Web Worker stopped (Uncaught RangeError: out of memory); the next pass starts a new one",
		);
		await expect(worker.run(syntheticRequest(10, 22))).resolves.toMatchObject({ stats: { nodeCount: 10 } });
		expect(FakeWebWorker.created).toHaveLength(2);
		expect(first.terminated).toBe(true);
		worker.terminate();
	});

	it("falls back to the main thread where no Web Worker can start, and says so", async () => {
		vi.stubGlobal("Worker", undefined);
		const reasons: string[] = [];
		const worker = createWebMaintenanceWorker({ onFallback: (reason) => reasons.push(reason) });
		const response = await worker.run(syntheticRequest(40, 23));
		expect(response.stats.nodeCount).toBe(40);
		expect(reasons).toEqual([
			expect.stringMatching(/^could not start a Web Worker \(.*Worker is not a constructor.*\)$/),
		]);
	});
});
