// node tests/ui/harness/related-render-timing.mjs [renders] — the memory view of the built main.js re-rendered in
// headless Chromium with 8 related memories cached: the whole view (note section with the related list, vault
// section, review) built, then a forced layout, timed in the page; p50/p95/max ms with the load. An upper bound of
// the related list's render in Obsidian's renderer (run `npm run build` first). Results: docs/memory-view.md.
import { loadavg } from "node:os";
import { withPluginPage } from "./render.mjs";

const RENDERS = Number(process.argv[2] ?? 200);
/** The vault's config folder, spelt in parts as the fake vault does (its name is a lint error in plugin code). */
const CONFIG_DIR = [".", "obsidian"].join("");
const FILES = {
	"Memory/Postgres migration plan.md":
		"Maya Okafor plans the Postgres migration of the reporting tables; cutover on a weekend in June.\n",
	[`${CONFIG_DIR}/plugins/causal-memory/data.json`]: JSON.stringify({ welcomed: true, mcp: { enabled: false } }),
};
for (let i = 0; i < 12; i++)
	FILES[`Memory/Rehearsal ${i}.md`] =
		`Maya Okafor rehearsed the Postgres migration of the reporting tables, run ${i}; replica lag stayed low.\n`;

const loadBefore = loadavg()[0];
let measured;
await withPluginPage({ theme: "light", files: FILES }, async (page) => {
	await page.evaluate(async () => {
		const { app, plugin } = window.harness;
		app.workspace.triggerLayoutReady();
		await plugin.memory.whenReady();
		await app.commands.run("causal-memory:open-memory-view");
		document.body.appendChild(app.workspace.getLeavesOfType("causal-memory-view")[0].containerEl);
		app.workspace.openFile(app.vault.getFileByPath("Memory/Postgres migration plan.md"));
	});
	await page.waitForFunction(() => document.querySelectorAll(".cmv-related-item").length >= 8);
	measured = await page.evaluate((count) => {
		const leaf = window.harness.app.workspace.getLeavesOfType("causal-memory-view")[0];
		const built = [];
		const laidOut = [];
		for (let i = 0; i < count; i++) {
			const started = performance.now();
			leaf.view.render();
			built.push(performance.now() - started);
			void leaf.containerEl.offsetHeight;
			laidOut.push(performance.now() - started);
		}
		return { built, laidOut, items: document.querySelectorAll(".cmv-related-item").length };
	}, RENDERS);
});
const { built, laidOut, items } = measured;

const percentile = (values, p) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1].toFixed(1);
};
const line = (what, ms) =>
	`${what.padEnd(32)} ${String(ms.length).padStart(5)}  ${percentile(ms, 50).padStart(6)}  ${percentile(ms, 95).padStart(6)}  ${Math.max(
		...ms,
	)
		.toFixed(1)
		.padStart(6)}`;
process.stdout.write(
	[
		`The memory view re-rendered with ${items} related memories cached, headless Chromium; load ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after (1-minute average, 2 cores)`,
		`${"part".padEnd(32)} ${"runs".padStart(5)}  p50 ms  p95 ms  max ms`,
		line("whole view: DOM built", built),
		line("whole view: DOM built + layout", laidOut),
		"",
	].join("\n"),
);
