import { createServer, type Server } from "node:net";

/** Listens on 127.0.0.1:port (0: any free port); rejects when the port is taken. */
export function occupy(port: number): Promise<Server> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once("error", reject);
		server.listen(port, "127.0.0.1", () => resolve(server));
	});
}

export function release(server: Server): Promise<void> {
	return new Promise((resolve) => server.close(() => resolve()));
}

export function portOf(server: Server): number {
	const address = server.address();
	if (address === null || typeof address === "string") throw new Error("test setup: server has no port");
	return address.port;
}

/** A port that was free a moment ago (the plugin's settings cannot say "any port"). */
export async function freePort(): Promise<number> {
	const server = await occupy(0);
	const port = portOf(server);
	await release(server);
	return port;
}

/** Whether the port can be listened on right now. */
export async function isPortFree(port: number): Promise<boolean> {
	try {
		await release(await occupy(port));
		return true;
	} catch {
		return false;
	}
}
