import { describe, expect, it } from "vitest";
import { createInThreadMaintenanceWorker } from "../../src/workers/in-thread-host";
import { runPass } from "../../src/core/maintenance/maintenance-pass";
import { cloneRequest, syntheticRequest } from "../core/maintenance/synthetic-request";

describe("in-thread maintenance runner", () => {
	it("gives runPass's result plus the time the pass took", async () => {
		const request = syntheticRequest(500, 11);
		const expected = runPass(cloneRequest(request));
		const worker = createInThreadMaintenanceWorker();

		const { workerMs, ...response } = await worker.run(request);

		expect(response).toEqual(expected);
		expect(workerMs).toBeGreaterThanOrEqual(0);
	});

	it("detaches the request's arrays as a real worker would", async () => {
		const request = syntheticRequest(50, 12);
		const worker = createInThreadMaintenanceWorker();
		const response = await worker.run(request);
		expect(request.nodes.lastUse.length).toBe(0);
		expect(request.lifecycle.status.length).toBe(0);
		expect(response.lifecycle.status.length).toBe(50);
	});

	it("answers concurrent passes each with its own result", async () => {
		const worker = createInThreadMaintenanceWorker();
		const [small, large] = await Promise.all([
			worker.run(syntheticRequest(10, 1)),
			worker.run(syntheticRequest(30, 2)),
		]);
		expect(small.retention.length).toBe(10);
		expect(large.retention.length).toBe(30);
	});

	it("rejects with the pass's error message and keeps working", async () => {
		const worker = createInThreadMaintenanceWorker();
		const bad = syntheticRequest(10, 3);
		bad.nodes.flags = new Uint8Array(3);
		await expect(worker.run(bad)).rejects.toThrow(
			"Maintenance pass failed in the in-thread maintenance runner: maintenance request: column flags has 3 entries but lastUse has 10",
		);
		await expect(worker.run(syntheticRequest(10, 3))).resolves.toMatchObject({ stats: { nodeCount: 10 } });
	});

	it("rejects a pending pass and every later one once terminated", async () => {
		const worker = createInThreadMaintenanceWorker();
		const pending = worker.run(syntheticRequest(10, 4));
		worker.terminate();
		await expect(pending).rejects.toThrow("The in-thread maintenance runner was terminated before the pass finished");
		await expect(worker.run(syntheticRequest(10, 4))).rejects.toThrow(
			"The in-thread maintenance runner was terminated; create a new one",
		);
	});
});
