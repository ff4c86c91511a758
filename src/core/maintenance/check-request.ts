import { STATUS_CODES, USE_KIND_CODES, type MaintenanceRequest } from "./maintenance-protocol";

/**
 * Throws an Error naming the first malformed column of a request: a wrong length or an index out
 * of range would otherwise turn into NaN scores or wrong neighbours without a word.
 */
export function checkRequest(request: MaintenanceRequest): void {
	const { nodes, lifecycle, categories } = request;
	const n = nodes.lastUse.length;
	const fail = (problem: string): never => {
		throw new Error(`maintenance request: ${problem}; build the columns with buildMaintenanceColumns`);
	};
	if (!Number.isFinite(request.now)) fail(`now must be a time in ms, got ${String(request.now)}`);
	const { adjOffsets, adjIndex, ...perNode } = nodes;
	for (const [name, column] of Object.entries({ ...perNode, ...lifecycle })) {
		if (column.length !== n) fail(`column ${name} has ${column.length} entries but lastUse has ${n} (one per node)`);
	}
	if (adjOffsets.length !== n + 1)
		fail(`column adjOffsets has ${adjOffsets.length} entries, expected ${n + 1} (nodes + 1)`);
	if (adjOffsets[0] !== 0) fail(`adjOffsets[0] is ${adjOffsets[0]}, expected 0`);
	for (let i = 0; i < n; i++) {
		if (adjOffsets[i + 1] < adjOffsets[i]) fail(`adjOffsets decreases at node ${i}`);
	}
	if (adjOffsets[n] > adjIndex.length)
		fail(`adjOffsets ends at ${adjOffsets[n]} but adjIndex has ${adjIndex.length} entries`);
	for (let k = 0; k < adjOffsets[n]; k++) {
		if (adjIndex[k] >= n) fail(`adjIndex[${k}] is ${adjIndex[k]}, not a node (there are ${n})`);
	}
	for (let i = 0; i < n; i++) {
		if (nodes.categoryIndex[i] >= categories.length)
			fail(`categoryIndex of node ${i} is ${nodes.categoryIndex[i]} but there are ${categories.length} categories`);
		if (nodes.lastUseKind[i] >= USE_KIND_CODES.length)
			fail(`lastUseKind of node ${i} is ${nodes.lastUseKind[i]}, not a use kind code`);
		if (lifecycle.status[i] >= STATUS_CODES.length)
			fail(`status of node ${i} is ${lifecycle.status[i]}, not a status code`);
	}
}
