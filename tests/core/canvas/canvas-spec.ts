import { CANVAS_COLORS, CANVAS_SIDES } from "../../../src/core/canvas/json-canvas";

/**
 * What JSON Canvas 1.0 requires of a file (https://jsoncanvas.org/spec/1.0/), plus the chain
 * canvas's own promise that no two cards overlap: the list of every violation, empty when none.
 */
export function canvasProblems(data: unknown): string[] {
	const problems: string[] = [];
	if (typeof data !== "object" || data === null) return ["the canvas is not a JSON object"];
	const { nodes, edges } = data as { nodes?: unknown; edges?: unknown };
	if (!Array.isArray(nodes)) return ["nodes is not an array"];
	if (!Array.isArray(edges)) return ["edges is not an array"];
	const ids = new Set<string>();
	const boxes: { id: string; x: number; y: number; width: number; height: number }[] = [];
	for (const node of nodes as Record<string, unknown>[]) {
		const id = node.id;
		if (typeof id !== "string" || id === "") problems.push(`a node has no id`);
		else if (ids.has(id)) problems.push(`id ${id} is used twice`);
		else ids.add(id);
		for (const key of ["x", "y", "width", "height"])
			if (!Number.isInteger(node[key])) problems.push(`node ${String(id)}: ${key} is not an integer`);
		if (node.type !== "file") problems.push(`node ${String(id)}: type ${String(node.type)} is not "file"`);
		if (typeof node.file !== "string" || node.file === "") problems.push(`node ${String(id)}: no file`);
		if (node.color !== undefined && !CANVAS_COLORS.includes(node.color as never))
			problems.push(`node ${String(id)}: colour ${JSON.stringify(node.color)} is not a preset`);
		if ((node.width as number) <= 0 || (node.height as number) <= 0) problems.push(`node ${String(id)}: empty`);
		boxes.push(node as never);
	}
	for (let i = 0; i < boxes.length; i++)
		for (let j = i + 1; j < boxes.length; j++) {
			const a = boxes[i];
			const b = boxes[j];
			const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
			if (!apart) problems.push(`cards ${a.id} and ${b.id} overlap`);
		}
	for (const edge of edges as Record<string, unknown>[]) {
		const id = edge.id;
		if (typeof id !== "string" || id === "") problems.push(`an edge has no id`);
		else if (ids.has(id)) problems.push(`id ${id} is used twice`);
		else ids.add(id);
		for (const end of ["fromNode", "toNode"])
			if (!boxes.some((box) => box.id === edge[end])) problems.push(`edge ${String(id)}: ${end} names no node`);
		for (const side of ["fromSide", "toSide"])
			if (edge[side] !== undefined && !CANVAS_SIDES.includes(edge[side] as never))
				problems.push(`edge ${String(id)}: ${side} ${JSON.stringify(edge[side])} is not a side`);
		for (const end of ["fromEnd", "toEnd"])
			if (edge[end] !== undefined && edge[end] !== "none" && edge[end] !== "arrow")
				problems.push(`edge ${String(id)}: ${end} ${JSON.stringify(edge[end])} is not none or arrow`);
		if (edge.color !== undefined && !CANVAS_COLORS.includes(edge.color as never))
			problems.push(`edge ${String(id)}: colour ${JSON.stringify(edge.color)} is not a preset`);
		if (edge.label !== undefined && typeof edge.label !== "string") problems.push(`edge ${String(id)}: label`);
	}
	return problems;
}
