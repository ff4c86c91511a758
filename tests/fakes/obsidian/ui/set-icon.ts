/**
 * Obsidian's `setIcon`, simplified: the parent gets one `svg.svg-icon` tagged with the icon id
 * (`data-icon`) and a small neutral glyph, enough to be seen in a screenshot and found in a test.
 */
export function setIcon(parent: HTMLElement, iconId: string): void {
	parent.empty();
	const svg = parent.createSvg("svg", {
		cls: ["svg-icon", `lucide-${iconId}`],
		attr: {
			"data-icon": iconId,
			viewBox: "0 0 24 24",
			width: 16,
			height: 16,
			fill: "none",
			stroke: "currentColor",
			"stroke-width": 2,
		},
	});
	svg.createSvg("circle", { attr: { cx: 12, cy: 12, r: 8 } });
	svg.createSvg("path", { attr: { d: "M12 8v4l3 2" } });
}
