/**
 * Small bars drawn as SVG (sizes are attributes, colours come from the theme through CSS
 * classes), so nothing sets inline styles.
 */

const clamp = (value: number): number => Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));

/** A horizontal bar filled to `value` in [0, 1]. */
export function valueBar(parent: HTMLElement, value: number, fillClass: string): SVGSVGElement {
	const svg = parent.createSvg("svg", {
		cls: "cmv-bar",
		attr: { viewBox: "0 0 100 6", preserveAspectRatio: "none", "aria-hidden": "true" },
	});
	svg.createSvg("rect", { cls: "cmv-bar-track", attr: { x: 0, y: 0, width: 100, height: 6, rx: 3 } });
	svg.createSvg("rect", {
		cls: ["cmv-bar-fill", fillClass],
		attr: { x: 0, y: 0, width: (clamp(value) * 100).toFixed(2), height: 6, rx: 3 },
	});
	return svg;
}

/** One bar split into parts in proportion to their counts (parts with 0 are left out). */
export function stackedBar(parent: HTMLElement, parts: { count: number; cls: string }[]): SVGSVGElement {
	const svg = parent.createSvg("svg", {
		cls: "cmv-stack",
		attr: { viewBox: "0 0 100 8", preserveAspectRatio: "none", "aria-hidden": "true" },
	});
	const total = parts.reduce((sum, part) => sum + part.count, 0);
	if (total === 0) {
		svg.createSvg("rect", { cls: "cmv-bar-track", attr: { x: 0, y: 0, width: 100, height: 8 } });
		return svg;
	}
	let x = 0;
	for (const part of parts) {
		if (part.count === 0) continue;
		const width = (part.count / total) * 100;
		svg.createSvg("rect", {
			cls: ["cmv-stack-part", part.cls],
			attr: { x: x.toFixed(2), y: 0, width: width.toFixed(2), height: 8 },
		});
		x += width;
	}
	return svg;
}

/** Columns for counts over time, oldest first, scaled to the largest. */
export function sparkline(parent: HTMLElement, counts: readonly number[], label: string): SVGSVGElement {
	const height = 16;
	const svg = parent.createSvg("svg", {
		cls: "cmv-sparkline",
		attr: {
			viewBox: `0 0 ${counts.length * 4} ${height}`,
			preserveAspectRatio: "none",
			role: "img",
			"aria-label": label,
		},
	});
	const max = Math.max(1, ...counts);
	counts.forEach((count, i) => {
		const h = count === 0 ? 1 : Math.max(2, (count / max) * height);
		svg.createSvg("rect", {
			cls: count === 0 ? "cmv-spark-empty" : "cmv-spark",
			attr: { x: i * 4 + 0.5, y: (height - h).toFixed(2), width: 3, height: h.toFixed(2) },
		});
	});
	return svg;
}
