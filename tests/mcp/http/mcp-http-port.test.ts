import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { candidatePorts } from "../../../src/mcp/http/listen-port";
import { connectClient, initializeRaw, startEchoServer } from "./http-harness";

function occupy(port: number): Promise<Server> {
	const blocker = createServer((_request, response) => response.end());
	return new Promise((resolve, reject) => {
		blocker.once("error", reject);
		blocker.listen(port, "127.0.0.1", () => resolve(blocker));
	});
}

function release(server: Server): Promise<void> {
	return new Promise((resolve) => server.close(() => resolve()));
}

function portOf(server: Server): number {
	const address = server.address();
	if (address === null || typeof address === "string") throw new Error("not listening");
	return address.port;
}

describe("MCP HTTP server: ports", () => {
	const cleanups: (() => Promise<void>)[] = [];
	afterEach(async () => {
		for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
	});

	async function started(overrides: Parameters<typeof startEchoServer>[0] = {}) {
		const result = await startEchoServer(overrides);
		cleanups.push(() => result.server.close());
		return result;
	}

	it("walks up past a taken port and reports the one it bound", async () => {
		const blocker = await occupy(0);
		cleanups.push(() => release(blocker));
		const taken = portOf(blocker);
		const { server, logs } = await started({ port: taken });
		expect(server.port).toBeGreaterThan(taken);
		expect(server.port).toBeLessThanOrEqual(taken + 10);
		expect(server.url).toBe(`http://127.0.0.1:${server.port}/mcp`);
		expect(logs.some((line) => line.includes(String(taken)) && line.includes(`using ${server.port}`))).toBe(true);
	});

	it("fails with a clear error naming the port and the setting when a fixed port is taken", async () => {
		const blocker = await occupy(0);
		cleanups.push(() => release(blocker));
		const taken = portOf(blocker);
		const attempt = started({ port: taken, fixedPort: true });
		await expect(attempt).rejects.toThrow(new RegExp(`port ${taken} .*in use.*"fixedPort"`));
	});

	it("skips the ports other tools reserve while walking up", () => {
		expect(candidatePorts({ port: 27120, fixedPort: false })).toEqual([
			27120, 27121, 27122, 27125, 27126, 27127, 27128, 27129, 27130,
		]);
		expect(candidatePorts({ port: 27150, fixedPort: false })).toEqual([
			27150, 27151, 27152, 27153, 27154, 27155, 27156, 27157, 27158, 27159, 27160,
		]);
		expect(candidatePorts({ port: 27150, fixedPort: true })).toEqual([27150]);
		expect(candidatePorts({ port: 65530, fixedPort: false })).toEqual([65530, 65531, 65532, 65533, 65534, 65535]);
	});

	it("frees the port on close even with a client connected, so the same port can be bound at once", async () => {
		const first = await startEchoServer();
		const { client } = await connectClient(first.server.url, first.token);
		await client.callTool({ name: "echo", arguments: { text: "before" } });
		expect(first.server.sessionCount()).toBe(1);
		await first.server.close();
		expect(first.server.sessionCount()).toBe(0);

		const second = await started({ port: first.server.port, fixedPort: true });
		expect(second.server.port).toBe(first.server.port);
		// A fresh socket: the first client's pooled keep-alive sockets were cut by the shutdown.
		await initializeRaw(second.server.port, second.token);
		expect(second.server.sessionCount()).toBe(1);
		await client.close();
	});

	it("close can be called twice", async () => {
		const { server } = await startEchoServer();
		await Promise.all([server.close(), server.close()]);
		await server.close();
		const blocker = await occupy(server.port);
		await release(blocker);
	});
});
