import { decayChartSeries, type DecaySeries } from "../../core/lifecycle/decay-chart-data";
import type { ScoringSettings } from "../../core/model/scoring-settings";

const CHART = {
	width: 640,
	height: 240,
	left: 44,
	right: 12,
	top: 10,
	bottom: 26,
	days: 365,
	minRetention: 0.001,
} as const;

const PLOT_W = CHART.width - CHART.left - CHART.right;
const PLOT_H = CHART.height - CHART.top - CHART.bottom;
const LOG_MIN = Math.log10(CHART.minRetention);

/** x of a day on the chart. */
export function chartX(day: number): number {
	return CHART.left + (day / CHART.days) * PLOT_W;
}

/** y of a retention on the chart's log scale (values below the floor sit on the floor). */
export function chartY(retention: number): number {
	const log = Math.log10(Math.max(CHART.minRetention, Math.min(1, retention)));
	return CHART.top + (log / LOG_MIN) * PLOT_H;
}

const round = (value: number): number => Math.round(value * 100) / 100;

/**
 * Draws how the archetypes' retention moves over a year with `settings`, from the same scoring
 * and lifecycle code as the maintenance pass; the dormant and fading thresholds as dashed lines,
 * a dot where an archetype changes status. Colours come from Obsidian's CSS variables (styles.css).
 */
export function drawDecayChart(parent: HTMLElement, settings: ScoringSettings): DecaySeries[] {
	parent.empty();
	const series = decayChartSeries(settings, CHART.days);
	const svg = parent.createSvg("svg", {
		cls: "causal-memory-chart",
		attr: {
			viewBox: `0 0 ${CHART.width} ${CHART.height}`,
			role: "img",
			"aria-label": "Retention of typical notes over a year with the current settings",
		},
	});
	for (const retention of [1, 0.1, 0.01, 0.001]) {
		const y = round(chartY(retention));
		svg.createSvg("line", {
			cls: "causal-memory-chart-grid",
			attr: { x1: CHART.left, x2: CHART.width - CHART.right, y1: y, y2: y },
		});
		svg.createSvg("text", {
			cls: "causal-memory-chart-label",
			attr: { x: CHART.left - 6, y: y + 4, "text-anchor": "end" },
		}).textContent = String(retention);
	}
	for (const day of [0, 30, 90, 180, 270, 365]) {
		const x = round(chartX(day));
		svg.createSvg("text", {
			cls: "causal-memory-chart-label",
			attr: { x, y: CHART.height - 8, "text-anchor": "middle" },
		}).textContent = day === 0 ? "day 0" : String(day);
	}
	const { dormantThreshold, fadingThreshold } = settings.lifecycle;
	for (const [name, value] of [
		["dormant", dormantThreshold],
		["fading", fadingThreshold],
	] as const) {
		const y = round(chartY(value));
		svg.createSvg("line", {
			cls: ["causal-memory-chart-threshold", `causal-memory-chart-threshold-${name}`],
			attr: { x1: CHART.left, x2: CHART.width - CHART.right, y1: y, y2: y },
		});
		svg.createSvg("text", {
			cls: "causal-memory-chart-label",
			attr: { x: CHART.width - CHART.right - 2, y: y - 3, "text-anchor": "end" },
		}).textContent = name;
	}
	for (const line of series) {
		const points = line.points
			.map((point) => `${round(chartX(point.day))},${round(chartY(point.retention))}`)
			.join(" ");
		svg.createSvg("polyline", {
			cls: ["causal-memory-chart-series", `causal-memory-chart-${line.id}`],
			attr: { points, "data-series": line.id },
		});
		line.points.forEach((point, i) => {
			if (i === 0 || point.status === line.points[i - 1].status) return;
			const dot = svg.createSvg("circle", {
				cls: ["causal-memory-chart-dot", `causal-memory-chart-${line.id}`],
				attr: { cx: round(chartX(point.day)), cy: round(chartY(point.retention)), r: 3 },
			});
			dot.createSvg("title").textContent = `${line.label}: ${point.status} on day ${point.day}`;
		});
	}
	const legend = parent.createDiv({ cls: "causal-memory-chart-legend" });
	for (const line of series) {
		const item = legend.createDiv({ cls: "causal-memory-chart-legend-item" });
		item.createSpan({ cls: ["causal-memory-chart-swatch", `causal-memory-chart-${line.id}`] });
		const last = line.points[line.points.length - 1];
		item.createSpan({ text: `${line.label}: ${last.status} after a year` });
	}
	return series;
}
