import type { LifecycleStatus } from "../../../src/core/model/lifecycle-status";
import { DEFAULT_SCORING_SETTINGS, type ScoringSettings } from "../../../src/core/model/scoring-settings";
import { DAY_MS } from "../../../src/core/scoring/time";
import { NODE_FLAGS, STATUS_CODES, type MaintenanceRequest } from "../../../src/core/maintenance/maintenance-protocol";
import { mulberry32 } from "../scoring/synthetic-vault";

export const NOW = Date.UTC(2025, 6, 1);

const WEIGHTS = [0.5, 0.5, 0.5, 1, 1, 0.8];

/**
 * A seeded request of `n` nodes covering every branch of a pass: orphans and a few hubs (symmetric
 * CSR adjacency), recalled and never-recalled nodes, every status, pending downward moves, pinned,
 * plugin-created and categorised nodes, uses before and after the previous pass.
 */
export function syntheticRequest(
	n: number,
	seed = 1,
	settings: ScoringSettings = DEFAULT_SCORING_SETTINGS,
): MaintenanceRequest {
	const random = mulberry32(seed);
	const int = (k: number): number => Math.floor(random() * k);
	const neighbours: Set<number>[] = Array.from({ length: n }, () => new Set<number>());
	const weighted = new Float64Array(n);
	for (let i = 0; i < n; i++) {
		const links = random() < 0.3 ? 0 : random() < 0.03 ? 20 + int(30) : 1 + int(4);
		for (let e = 0; e < links && n > 1; e++) {
			// Preferential: low indices attract links, so hubs form.
			const j = Math.floor(n * random() * random());
			if (j === i) continue;
			const w = WEIGHTS[int(WEIGHTS.length)];
			weighted[i] += w;
			weighted[j] += w;
			neighbours[i].add(j);
			neighbours[j].add(i);
		}
	}
	const adjOffsets = new Uint32Array(n + 1);
	const flat: number[] = [];
	for (let i = 0; i < n; i++) {
		flat.push(...neighbours[i]);
		adjOffsets[i + 1] = flat.length;
	}
	const categories = ["decision", "preference", "person"];
	const statuses: readonly LifecycleStatus[] = STATUS_CODES;
	const request: MaintenanceRequest = {
		now: NOW,
		settings,
		categories,
		nodes: {
			lastUse: new Float64Array(n),
			lastUseKind: new Uint8Array(n),
			lastRecall: new Float64Array(n),
			recallStrength: new Float64Array(n),
			stability: new Float64Array(n).fill(1),
			weightedDegree: weighted,
			adjOffsets,
			adjIndex: Uint32Array.from(flat),
			flags: new Uint8Array(n),
			categoryIndex: new Int32Array(n).fill(-1),
		},
		lifecycle: {
			status: new Uint8Array(n),
			since: new Float64Array(n),
			pendingDown: new Uint8Array(n),
			lastPassAt: new Float64Array(n).fill(NOW - DAY_MS / 144),
			proposedAt: new Float64Array(n).fill(Number.NaN),
		},
	};
	const { nodes, lifecycle } = request;
	for (let i = 0; i < n; i++) {
		nodes.lastUse[i] = NOW - random() * 400 * DAY_MS;
		nodes.lastUseKind[i] = int(5);
		if (random() < 0.3) {
			nodes.lastRecall[i] = NOW - random() * 60 * DAY_MS;
			nodes.recallStrength[i] = 1 + random() * 6;
			nodes.stability[i] = 1 + random() * 9;
			if (random() < 0.5) nodes.lastUse[i] = Math.max(nodes.lastUse[i], nodes.lastRecall[i]);
		}
		nodes.flags[i] = (random() < 0.02 ? NODE_FLAGS.pinned : 0) | (random() < 0.3 ? NODE_FLAGS.pluginCreated : 0);
		if (random() < 0.1) nodes.categoryIndex[i] = int(categories.length);
		lifecycle.status[i] = statuses.indexOf(statuses[int(statuses.length)]);
		lifecycle.since[i] = NOW - random() * 200 * DAY_MS;
		lifecycle.pendingDown[i] = int(settings.lifecycle.downwardPasses);
		if (random() < 0.05) lifecycle.proposedAt[i] = NOW - DAY_MS;
	}
	return request;
}

/** A deep copy (requests are detached by sending them). */
export function cloneRequest(request: MaintenanceRequest): MaintenanceRequest {
	return structuredClone(request);
}
