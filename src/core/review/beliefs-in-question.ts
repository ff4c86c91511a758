import type { MemoryGraph } from "../graph/memory-graph";
import { EDGE_TYPE_INFO } from "../model/edge-types";

/** Why a memory's belief is in question; `by` is the memory that did it. */
export type QuestionReason =
	/** A newer memory contradicts it and neither supersedes the other. */
	| { kind: "contradicted"; by: string }
	/** Its cause or evidence was replaced by `by`. */
	| { kind: "evidence-superseded"; evidence: string; by: string }
	/** Its cause or evidence is contradicted by `by`, unsettled. */
	| { kind: "evidence-contradicted"; evidence: string; by: string };

export interface BeliefInQuestion {
	path: string;
	reasons: QuestionReason[];
	/** The memories named in the reasons that are newer than it, newest first: what may supersede it. */
	newer: string[];
	/** When the newest memory named in the reasons was created (ms): the queue's order. */
	latest: number;
}

/** The same reason has the same key, a changed edge state a new one (what "still true" dismisses). */
export function reasonKey(reason: QuestionReason): string {
	return reason.kind === "contradicted"
		? `${reason.kind}\u0000${reason.by}`
		: `${reason.kind}\u0000${reason.evidence}\u0000${reason.by}`;
}

/** The reason in words, naming memories by `titleOf`. */
export function reasonText(reason: QuestionReason, titleOf: (path: string) => string): string {
	switch (reason.kind) {
		case "contradicted":
			return `contradicted by the newer “${titleOf(reason.by)}”`;
		case "evidence-superseded":
			return `its cause or evidence “${titleOf(reason.evidence)}” was superseded by “${titleOf(reason.by)}”`;
		case "evidence-contradicted":
			return `its cause or evidence “${titleOf(reason.evidence)}” is contradicted by “${titleOf(reason.by)}”`;
	}
}

/**
 * Memories whose belief is in question: a newer memory contradicts them, or their cause or
 * evidence (the upstream end of a caused_by, derived_from or supports edge) was superseded or is
 * contradicted. A memory that is superseded itself is settled and left out, and so is a
 * contradiction where one side supersedes the other. Newest trouble first.
 */
export function beliefsInQuestion(memory: MemoryGraph): BeliefInQuestion[] {
	const graph = memory.graph;
	const supersededBy = new Map<string, string[]>();
	const contradictions: [string, string][] = [];
	graph.forEachEdge((_key, attributes, source, target) => {
		if (EDGE_TYPE_INFO[attributes.type].replacesTarget) push(supersededBy, target, source);
	});
	graph.forEachEdge((_key, attributes, source, target) => {
		if (attributes.type !== "contradicts") return;
		const settled = supersededBy.get(target)?.includes(source) || supersededBy.get(source)?.includes(target);
		if (!settled) contradictions.push([source, target]);
	});
	const created = (path: string): number => memory.node(path)?.ctime ?? 0;
	const dependentsOf = dependents(memory);
	const found = new Map<string, Map<string, QuestionReason>>();
	const add = (path: string, reason: QuestionReason): void => {
		if (path === reason.by || supersededBy.has(path)) return;
		let reasons = found.get(path);
		if (!reasons) found.set(path, (reasons = new Map<string, QuestionReason>()));
		reasons.set(reasonKey(reason), reason);
	};
	for (const [evidence, superseders] of supersededBy)
		for (const dependent of dependentsOf(evidence))
			for (const by of superseders) add(dependent, { kind: "evidence-superseded", evidence, by });
	for (const [a, b] of contradictions) {
		for (const [path, other] of [
			[a, b],
			[b, a],
		] as const) {
			if (created(other) > created(path)) add(path, { kind: "contradicted", by: other });
			for (const dependent of dependentsOf(path))
				add(dependent, { kind: "evidence-contradicted", evidence: path, by: other });
		}
	}
	const beliefs: BeliefInQuestion[] = [];
	for (const [path, byKey] of found) {
		const reasons = [...byKey.values()];
		const mine = created(path);
		const named = [...new Set(reasons.map((reason) => reason.by))].sort((x, y) => created(y) - created(x));
		beliefs.push({
			path,
			reasons,
			newer: named.filter((by) => created(by) > mine),
			latest: Math.max(...named.map(created)),
		});
	}
	return beliefs.sort((x, y) => y.latest - x.latest || (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}

/** The memories each path is the cause or evidence of, each path's found once (a hub's may be thousands). */
function dependents(memory: MemoryGraph): (path: string) => string[] {
	const found = new Map<string, string[]>();
	return (path) => {
		let list = found.get(path);
		if (list) return list;
		const into: string[] = [];
		const graph = memory.graph;
		if (graph.hasNode(path)) {
			graph.forEachInEdge(path, (_key, attributes, source) => {
				if (EDGE_TYPE_INFO[attributes.type].upstreamEnd === "target") into.push(source);
			});
			graph.forEachOutEdge(path, (_key, attributes, _source, target) => {
				if (EDGE_TYPE_INFO[attributes.type].upstreamEnd === "source") into.push(target);
			});
		}
		list = into;
		found.set(path, list);
		return list;
	};
}

function push(map: Map<string, string[]>, key: string, value: string): void {
	const list = map.get(key);
	if (list) {
		if (!list.includes(value)) list.push(value);
	} else map.set(key, [value]);
}
