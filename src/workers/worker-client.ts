import {
	requestTransferables,
	type MaintenanceMessage,
	type MaintenanceReply,
	type MaintenanceRequest,
	type MaintenanceResponse,
} from "../core/maintenance/maintenance-protocol";
import type { MaintenanceWorker } from "../core/maintenance/maintenance-worker-port";
import {
	communityRequestTransferables,
	type CommunityRequest,
	type CommunityResponse,
} from "../core/recall/communities/community-columns";
import { errorMessage } from "../core/model/error-message";

/** What a host hears from its worker. */
export interface WorkerListeners {
	reply(reply: MaintenanceReply): void;
	/** The worker died (uncaught error, exit); pending passes fail and the next pass starts a new worker. */
	crash(message: string): void;
}

/** One started worker, as a host wires it. */
export interface WorkerConnection {
	send(message: MaintenanceMessage, transfer: ArrayBuffer[]): void;
	close(): void;
	/** Called with true while passes are pending, false when none are (Node: ref/unref the thread). */
	hold?(pending: boolean): void;
}

export type ConnectWorker = (listeners: WorkerListeners) => WorkerConnection;

type Answer = Exclude<MaintenanceReply, { error: string }>;

interface Pending {
	resolve(answer: Answer): void;
	reject(error: Error): void;
}

/**
 * The host side of the protocol, shared by every host: starts the worker on the first pass,
 * matches replies to passes by id, turns error replies into rejections, and starts a fresh worker
 * after a crash.
 */
export class MaintenanceWorkerClient implements MaintenanceWorker {
	private connection: WorkerConnection | null = null;
	/** Identifies the live connection, so a closed worker's late exit report is ignored. */
	private connectionToken: object | null = null;
	private readonly pending = new Map<number, Pending>();
	private nextId = 1;
	private terminated = false;

	constructor(
		private readonly connect: ConnectWorker,
		/** Names the worker in error messages, e.g. "maintenance worker thread". */
		private readonly name: string,
	) {}

	async run(request: MaintenanceRequest): Promise<MaintenanceResponse> {
		const answer = await this.call((id) => ({ id, request }), requestTransferables(request));
		if (!("response" in answer)) throw new Error(`The ${this.name} answered a pass with something else`);
		return answer.response;
	}

	async communities(request: CommunityRequest): Promise<CommunityResponse> {
		const answer = await this.call((id) => ({ id, communities: request }), communityRequestTransferables(request));
		if (!("communities" in answer)) throw new Error(`The ${this.name} answered communities with something else`);
		return answer.communities;
	}

	private call(message: (id: number) => MaintenanceMessage, transfer: ArrayBuffer[]): Promise<Answer> {
		if (this.terminated)
			return Promise.reject(new Error(`The ${this.name} was terminated; create a new one to run passes`));
		return new Promise((resolve, reject) => {
			const id = this.nextId++;
			try {
				const connection = this.connection ?? this.start();
				this.pending.set(id, { resolve, reject });
				connection.hold?.(true);
				connection.send(message(id), transfer);
			} catch (error) {
				this.pending.delete(id);
				reject(new Error(`Could not start a pass in the ${this.name}: ${messageOf(error)}`));
			}
		});
	}

	terminate(): void {
		this.terminated = true;
		this.stop(`The ${this.name} was terminated before the pass finished`);
	}

	private start(): WorkerConnection {
		const token = {};
		const connection = this.connect({
			reply: (reply) => this.settle(reply),
			crash: (message) => {
				if (this.connectionToken !== token) return;
				this.stop(`The ${this.name} stopped (${message}); the next pass starts a new one`);
			},
		});
		this.connection = connection;
		this.connectionToken = token;
		return connection;
	}

	private settle(reply: MaintenanceReply): void {
		const pending = this.pending.get(reply.id);
		if (!pending) return;
		this.pending.delete(reply.id);
		if (this.pending.size === 0) this.connection?.hold?.(false);
		if ("error" in reply) pending.reject(new Error(`Maintenance pass failed in the ${this.name}: ${reply.error}`));
		else pending.resolve(reply);
	}

	private stop(reason: string): void {
		const connection = this.connection;
		this.connection = null;
		this.connectionToken = null;
		connection?.close();
		const pending = [...this.pending.values()];
		this.pending.clear();
		for (const waiting of pending) waiting.reject(new Error(reason));
	}
}

function messageOf(error: unknown): string {
	return errorMessage(error);
}
