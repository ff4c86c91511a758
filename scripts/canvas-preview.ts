// An SVG drawing of a chain canvas, for the docs (the render harness cannot show Obsidian's canvas view).
// Usage: node scripts/run-ts.mjs scripts/canvas-preview.ts FILE.canvas OUT.svg
import { readFileSync, writeFileSync } from "node:fs";
import type { CanvasColor, CanvasEdge, CanvasFileNode, JsonCanvas } from "../src/core/canvas/json-canvas";
import { printLine } from "../src/node/cli/terminal";

/** Obsidian's preset colours, as its default theme draws them. */
const COLORS: Record<CanvasColor, string> = {
	"1": "#e93147",
	"2": "#ec7500",
	"3": "#e0ac00",
	"4": "#08b94e",
	"5": "#00bfbc",
	"6": "#7852ee",
};
const MARGIN = 40;

function escape(text: string): string {
	return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function anchor(node: CanvasFileNode, side: string): [number, number] {
	if (side === "left") return [node.x, node.y + node.height / 2];
	if (side === "right") return [node.x + node.width, node.y + node.height / 2];
	if (side === "top") return [node.x + node.width / 2, node.y];
	return [node.x + node.width / 2, node.y + node.height];
}

function edgeSvg(edge: CanvasEdge, nodes: Map<string, CanvasFileNode>): string {
	const from = nodes.get(edge.fromNode);
	const to = nodes.get(edge.toNode);
	if (!from || !to) return "";
	const [x1, y1] = anchor(from, edge.fromSide);
	const [x2, y2] = anchor(to, edge.toSide);
	const color = COLORS[edge.color];
	const horizontal = edge.fromSide === "left" || edge.fromSide === "right";
	const bend = horizontal ? Math.abs(x2 - x1) / 2 : Math.abs(y2 - y1) / 2;
	const [c1x, c1y, c2x, c2y] = horizontal
		? [x1 + Math.sign(x2 - x1) * bend, y1, x2 - Math.sign(x2 - x1) * bend, y2]
		: [x1, y1 + Math.sign(y2 - y1) * bend, x2, y2 - Math.sign(y2 - y1) * bend];
	const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
	return [
		`<path d="M${x1},${y1} C${c1x},${c1y} ${c2x},${c2y} ${x2},${y2}" stroke="${color}" stroke-width="3" fill="none" marker-end="url(#arrow-${edge.color})"/>`,
		`<rect x="${mx - edge.label.length * 4.2 - 6}" y="${my - 11}" width="${edge.label.length * 8.4 + 12}" height="22" rx="4" fill="#ffffff" stroke="${color}"/>`,
		`<text x="${mx}" y="${my + 5}" text-anchor="middle" font-size="14" fill="#222">${escape(edge.label)}</text>`,
	].join("\n");
}

function cardSvg(node: CanvasFileNode): string {
	const stroke = node.color ? COLORS[node.color] : "#9a9a9a";
	const name = node.file.split("/").at(-1)?.replace(/\.md$/, "") ?? node.file;
	const folder = node.file.includes("/") ? node.file.slice(0, node.file.lastIndexOf("/")) : "";
	return [
		`<rect x="${node.x}" y="${node.y}" width="${node.width}" height="${node.height}" rx="8" fill="#fafafa" stroke="${stroke}" stroke-width="${node.color ? 4 : 2}"/>`,
		`<text x="${node.x + 16}" y="${node.y + 36}" font-size="18" font-weight="600" fill="#222">${escape(name)}</text>`,
		`<text x="${node.x + 16}" y="${node.y + 62}" font-size="14" fill="#777">${escape(folder)}</text>`,
	].join("\n");
}

export function canvasSvg(canvas: JsonCanvas): string {
	const minX = Math.min(...canvas.nodes.map((node) => node.x)) - MARGIN;
	const minY = Math.min(...canvas.nodes.map((node) => node.y)) - MARGIN;
	const maxX = Math.max(...canvas.nodes.map((node) => node.x + node.width)) + MARGIN;
	const maxY = Math.max(...canvas.nodes.map((node) => node.y + node.height)) + MARGIN;
	const nodes = new Map(canvas.nodes.map((node) => [node.id, node]));
	const markers = Object.entries(COLORS).map(
		([key, color]) =>
			`<marker id="arrow-${key}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${color}"/></marker>`,
	);
	return [
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${minX} ${minY} ${maxX - minX} ${maxY - minY}" width="${maxX - minX}" height="${maxY - minY}" font-family="sans-serif">`,
		`<defs>${markers.join("")}</defs>`,
		`<rect x="${minX}" y="${minY}" width="${maxX - minX}" height="${maxY - minY}" fill="#ffffff"/>`,
		...canvas.nodes.map(cardSvg),
		...canvas.edges.map((edge) => edgeSvg(edge, nodes)),
		"</svg>",
		"",
	].join("\n");
}

export function main([input, output]: string[]): void {
	if (!input || !output)
		throw new Error("usage: node scripts/run-ts.mjs scripts/canvas-preview.ts FILE.canvas OUT.svg");
	writeFileSync(output, canvasSvg(JSON.parse(readFileSync(input, "utf8")) as JsonCanvas));
	printLine(`wrote ${output}`);
}
