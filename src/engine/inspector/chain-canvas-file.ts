import { chainCanvas, MAX_CANVAS_DEPTH } from "../../core/canvas/chain-canvas";
import type { JsonCanvas } from "../../core/canvas/json-canvas";
import type { MemoryGraph } from "../../core/graph/memory-graph";
import { resolveMemoryId } from "../../core/graph/memory-ids";
import { canvasFolderOf, type MaintenanceSettings } from "../../core/model/maintenance-settings";
import { MemoryError } from "../../core/model/memory-error";

export interface ChainCanvasFile {
	/** The memory the chain is drawn for. */
	note: string;
	/** Where the canvas goes in the vault: `<canvas folder>/<note name> chain.canvas`. */
	path: string;
	canvas: JsonCanvas;
	/** The file's text, as Obsidian writes canvases (tab-indented JSON). */
	text: string;
	/** Cards were left out: a side of the chain has more than a canvas shows. */
	truncated: boolean;
}

/**
 * The causal chain of the memory `note` (a path or link text) as a canvas file. A note that is
 * not in the vault, or not a memory, is a MemoryError naming `field`; so is a depth out of range.
 */
export function chainCanvasFile(
	graph: MemoryGraph,
	note: string,
	settings: Pick<MaintenanceSettings, "canvasFolder" | "memoryFolder">,
	depth: number | undefined,
	field = "note",
): ChainCanvasFile {
	if (depth !== undefined && (!Number.isInteger(depth) || depth < 1 || depth > MAX_CANVAS_DEPTH))
		throw new MemoryError(`depth must be a whole number from 1 to ${MAX_CANVAS_DEPTH} (got ${depth}).`, "depth");
	const outside = graph.outsideNotePaths();
	const named = note.trim();
	if (outside.includes(named) || outside.includes(`${named}.md`))
		throw new MemoryError(
			`"${note}" is not a memory (its folder is excluded, setting index.excludedFolders, or it is larger than index.maxNoteBytes), so it has no causal chain.`,
			field,
		);
	const path = resolveMemoryId(graph, note, field);
	const title = graph.node(path)?.title ?? path;
	const { canvas, truncated } = chainCanvas(graph, path, { depth });
	return {
		note: path,
		path: `${canvasFolderOf(settings)}/${title} chain.canvas`,
		canvas,
		text: `${JSON.stringify(canvas, null, "\t")}\n`,
		truncated,
	};
}
