import type { Profiler } from "node:inspector/promises";

/** A stage of a store and what belongs to it: function names, or URL prefixes of Node's own modules. */
export interface Stage {
	name: string;
	functions?: string[];
	urls?: string[];
}

/**
 * Server-side store stages; a sample counts for the stage of the innermost listed function on its
 * stack (so a tokenizer called while indexing counts as indexing, and the same tokenizer called
 * by the similarity search counts there).
 */
export const SERVER_STAGES: Stage[] = [
	{ name: "title", functions: ["titleFromContent", "fileNameFor"] },
	{ name: "duplicate check", functions: ["findDuplicate", "exactDuplicateCandidates"] },
	{ name: "conflict scan", functions: ["possibleConflicts", "conflictProfile"] },
	{ name: "auto-link choice", functions: ["chooseAutoLinks", "autoLinkView", "autoLinksInto"] },
	{
		name: "similarity (search, read, compare)",
		functions: [
			"findSimilarMemories",
			"vectorSimilar",
			"keywordQuery",
			"termSimilarity",
			"contentTermReader",
			"bodyText",
		],
	},
	{ name: "note text", functions: ["noteText", "composeNote", "wikilinkTo"] },
	{ name: "input checks", functions: ["checkLinks", "checkContent", "checkTags", "checkLabel"] },
	{ name: "file write (name, create, fsync)", functions: ["createFile", "createNote", "nameInUse", "resolveNew"] },
	{
		name: "indexing (read, parse, graph, keywords)",
		functions: [
			"applyNow",
			"applyCreated",
			"loadInput",
			"noteLoaded",
			"setNote",
			"parseNote",
			"load",
			"keywordDocument",
		],
	},
	{ name: "activity log", functions: ["appendBatch", "onIndexChange", "record"] },
	{
		name: "file watcher",
		functions: ["watchVault", "schedule", "checkNow", "fileSeen", "readFolder", "rescan", "reconcileNow"],
	},
	{
		name: "MCP SDK + HTTP server",
		functions: ["handleRequest", "handlePost", "replyJson", "runTool", "registerTool", "safeParseAsync", "storeOut"],
		urls: ["node:_http", "node:net", "node:internal/streams", "node:stream"],
	},
];

/** The bench client's stages (the MCP SDK client over Node's fetch). */
export const CLIENT_STAGES: Stage[] = [
	{ name: "fetch (Node's undici)", urls: ["node:internal/deps/undici"] },
	{
		name: "sockets and streams",
		urls: ["node:net", "node:internal/streams", "node:stream", "node:internal/webstreams"],
	},
	{ name: "AbortSignal listeners", urls: ["node:internal/event_target", "node:internal/abort_controller"] },
	{ name: "MCP SDK client (request, result checks)", functions: ["callTool", "request", "send", "_onresponse"] },
];

const SPECIAL_NODES: Record<string, string> = {
	"(idle)": "idle (waiting for I/O or the other side)",
	"(garbage collector)": "garbage collection",
	"(program)": "runtime (program)",
};

const OTHER = "other (runtime, HTTP, SDK)";

/**
 * ms per store of each stage in each part of the run: part i holds the samples between
 * `bounds[i]` and `bounds[i + 1]` (µs on the profiler's clock, which is `process.hrtime`'s) and
 * `stores[i]` stores. Rows are sorted by their total, costliest first.
 */
export function stagesByPart(
	profile: Profiler.Profile,
	stages: readonly Stage[],
	bounds: readonly number[],
	stores: readonly number[],
): [stage: string, msPerStore: number[]][] {
	const classify = stageClassifier(profile, stages);
	const parts = stores.length;
	const totals = new Map<string, number[]>();
	const samples = profile.samples ?? [];
	const deltas = profile.timeDeltas ?? [];
	let time = profile.startTime;
	let part = 0;
	for (let i = 0; i < samples.length; i++) {
		time += deltas[i] ?? 0;
		if (time < bounds[0]) continue;
		while (part < parts && time >= bounds[part + 1]) part++;
		if (part >= parts) break;
		const stage = classify(samples[i]);
		let row = totals.get(stage);
		if (row === undefined) totals.set(stage, (row = new Array<number>(parts).fill(0)));
		row[part] += (deltas[i] ?? 0) / 1000;
	}
	return [...totals.entries()]
		.map(([stage, ms]) => [stage, ms.map((value, i) => value / stores[i])] as [string, number[]])
		.sort((a, b) => sum(b[1]) - sum(a[1]));
}

/** ms per store by function (self time, with its file), the `top` most costly: what a stage is made of. */
export function functionProfile(profile: Profiler.Profile, stores: number, top: number): [string, number][] {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const totals = new Map<string, number>();
	const samples = profile.samples ?? [];
	const deltas = profile.timeDeltas ?? [];
	for (let i = 0; i < samples.length; i++) {
		const frame = byId.get(samples[i])?.callFrame;
		const file = frame?.url.replace(/^.*\/(node_modules\/)?/, "") ?? "";
		const name = `${frame?.functionName || "(anonymous)"} ${file}:${(frame?.lineNumber ?? 0) + 1}`;
		totals.set(name, (totals.get(name) ?? 0) + (deltas[i] ?? 0) / 1000);
	}
	return [...totals.entries()]
		.map(([name, ms]) => [name, ms / stores] as [string, number])
		.sort((a, b) => b[1] - a[1])
		.slice(0, top);
}

function stageClassifier(profile: Profiler.Profile, stages: readonly Stage[]): (id: number) => string {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map<number, number>();
	for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
	const byFunction = new Map<string, string>();
	for (const stage of stages) for (const name of stage.functions ?? []) byFunction.set(name, stage.name);
	const byUrl = (url: string) => stages.find((stage) => stage.urls?.some((prefix) => url.startsWith(prefix)))?.name;
	const nodeStage = new Map<number, string>();
	const classify = (id: number): string => {
		let stage = nodeStage.get(id);
		if (stage !== undefined) return stage;
		const frame = byId.get(id)?.callFrame;
		const name = frame?.functionName ?? "";
		stage = SPECIAL_NODES[name] ?? byFunction.get(name) ?? byUrl(frame?.url ?? "");
		if (stage === undefined) {
			const up = parent.get(id);
			stage = up === undefined ? OTHER : classify(up);
		}
		nodeStage.set(id, stage);
		return stage;
	};
	return classify;
}

function sum(values: readonly number[]): number {
	return values.reduce((total, value) => total + value, 0);
}
