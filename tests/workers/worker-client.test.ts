import { describe, expect, it } from "vitest";
import { connectInThread } from "../../src/workers/in-thread-host";
import { MaintenanceWorkerClient, type WorkerConnection, type WorkerListeners } from "../../src/workers/worker-client";
import { syntheticRequest } from "../core/maintenance/synthetic-request";

/** A connection whose worker dies on the first message it gets. */
function dyingWorker(listeners: WorkerListeners, closed: string[]): WorkerConnection {
	return {
		send: () => queueMicrotask(() => listeners.crash("out of memory")),
		close: () => closed.push("dying"),
	};
}

describe("MaintenanceWorkerClient", () => {
	it("starts the worker on the first pass, not before", async () => {
		let started = 0;
		const client = new MaintenanceWorkerClient((listeners) => {
			started++;
			return connectInThread(listeners);
		}, "test worker");
		expect(started).toBe(0);
		await client.run(syntheticRequest(5));
		await client.run(syntheticRequest(5));
		expect(started).toBe(1);
	});

	it("fails the pending passes when the worker dies, then starts a fresh worker", async () => {
		const closed: string[] = [];
		let attempt = 0;
		const client = new MaintenanceWorkerClient(
			(listeners) => (attempt++ === 0 ? dyingWorker(listeners, closed) : connectInThread(listeners)),
			"test worker",
		);

		await expect(client.run(syntheticRequest(5))).rejects.toThrow(
			"The test worker stopped (out of memory); the next pass starts a new one",
		);
		expect(closed).toEqual(["dying"]);
		await expect(client.run(syntheticRequest(5))).resolves.toMatchObject({ stats: { nodeCount: 5 } });
		expect(attempt).toBe(2);
	});

	it("ignores what a closed worker reports after it was replaced", async () => {
		let first: WorkerListeners | undefined;
		let attempt = 0;
		const client = new MaintenanceWorkerClient((listeners) => {
			if (attempt++ === 0) first = listeners;
			return attempt === 1
				? { send: () => listeners.crash("killed"), close: () => undefined }
				: connectInThread(listeners);
		}, "test worker");
		await expect(client.run(syntheticRequest(5))).rejects.toThrow("killed");
		const running = client.run(syntheticRequest(5));
		first?.crash("exited with code 1");
		await expect(running).resolves.toMatchObject({ stats: { nodeCount: 5 } });
	});

	it("rejects when the worker cannot be started, naming why", async () => {
		const client = new MaintenanceWorkerClient(() => {
			throw new Error("Worker is not defined");
		}, "test worker");
		await expect(client.run(syntheticRequest(5))).rejects.toThrow(
			"Could not start a pass in the test worker: Worker is not defined",
		);
	});

	it("holds the worker while passes are pending and releases it after the last", async () => {
		const holds: boolean[] = [];
		const client = new MaintenanceWorkerClient(
			(listeners) => ({ ...connectInThread(listeners), hold: (pending) => holds.push(pending) }),
			"test worker",
		);
		await Promise.all([client.run(syntheticRequest(5)), client.run(syntheticRequest(6))]);
		expect(holds).toEqual([true, true, false]);
	});
});
