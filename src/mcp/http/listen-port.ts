import type { Server } from "node:http";
import { isReservedPort } from "../../core/model/mcp-settings";

/** The only interface the server binds: never reachable from another machine. */
export const LOOPBACK_ADDRESS = "127.0.0.1";

/** How many ports after the preferred one are tried when it is taken. */
const PORT_WALK = 10;

export interface PortChoice {
	/** Preferred port; 0 lets the OS pick one (tests). */
	port: number;
	/** Fail when the preferred port is taken instead of walking up. */
	fixedPort: boolean;
}

export interface BoundPort {
	port: number;
	/** Ports found taken before this one, in the order tried. */
	taken: number[];
}

/**
 * Binds the server to 127.0.0.1 on the preferred port or, when it is taken, on the next free one
 * of the following ports that other tools do not reserve.
 */
export async function listenOnLoopback(server: Server, choice: PortChoice): Promise<BoundPort> {
	const candidates = candidatePorts(choice);
	const taken: number[] = [];
	for (const port of candidates) {
		try {
			return { port: await listenOnce(server, port), taken };
		} catch (error) {
			if (!isAddressInUse(error)) throw error;
			taken.push(port);
		}
	}
	throw new Error(portsTakenMessage(choice, taken));
}

/** The ports tried, in order: the preferred one, then the next `PORT_WALK` ones that are not reserved. */
export function candidatePorts(choice: PortChoice): number[] {
	if (choice.fixedPort || choice.port === 0) return [choice.port];
	const ports = [choice.port];
	for (let port = choice.port + 1; port <= Math.min(choice.port + PORT_WALK, 65535); port++) {
		if (!isReservedPort(port)) ports.push(port);
	}
	return ports;
}

function listenOnce(server: Server, port: number): Promise<number> {
	return new Promise((resolve, reject) => {
		const onError = (error: Error) => {
			server.off("listening", onListening);
			reject(error);
		};
		const onListening = () => {
			server.off("error", onError);
			const address = server.address();
			resolve(typeof address === "object" && address !== null ? address.port : port);
		};
		server.once("error", onError);
		server.once("listening", onListening);
		server.listen(port, LOOPBACK_ADDRESS);
	});
}

function isAddressInUse(error: unknown): boolean {
	return error instanceof Error && (error as NodeJS.ErrnoException).code === "EADDRINUSE";
}

function portsTakenMessage(choice: PortChoice, taken: number[]): string {
	if (choice.fixedPort) {
		return `MCP port ${choice.port} on ${LOOPBACK_ADDRESS} is already in use and "fixedPort" is on: free the port, choose another "port", or turn "fixedPort" off to try the next ones.`;
	}
	return `MCP ports ${taken[0]}–${taken[taken.length - 1]} on ${LOOPBACK_ADDRESS} are all in use: free one or set "port" to another value.`;
}
