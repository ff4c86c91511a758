import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../fakes/obsidian";
import { REPO_ROOT } from "../helpers/serve-process";
import { engineOver } from "./engine-harness";

const DECISION = "Decisions/Use CRDTs for note merging.md";
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The fake app over a copy of examples/vault, its engine started and following the vault. */
async function exampleApp() {
	const dir = mkdtempSync(join(tmpdir(), "cm-names-"));
	cpSync(join(REPO_ROOT, "examples", "vault"), dir, { recursive: true });
	const app = new App(dir);
	const { engine } = engineOver(app);
	cleanups.push(
		() => rmSync(dir, { recursive: true, force: true }),
		() => app.metadataCache.whenIdle(),
		() => engine.stop(),
	);
	await engine.start({ follow: true });
	return { app, engine };
}

/** Every note linking to `linkpath`, with the note Obsidian resolves the link to from there. */
function resolutions(app: App, linkpath: string, sources: readonly string[]): Record<string, string | undefined> {
	return Object.fromEntries(
		sources.map((source) => [source, app.metadataCache.getFirstLinkpathDest(linkpath, source)?.path]),
	);
}

describe("notes the plugin creates never take over a link (Obsidian's own resolution)", () => {
	it("amending a decision keeps every [[Use CRDTs for note merging]] on the decision", async () => {
		const { app, engine } = await exampleApp();
		const linkers = Object.keys(app.metadataCache.resolvedLinks).filter(
			(source) => app.metadataCache.resolvedLinks[source][DECISION] > 0,
		);
		expect(linkers.length).toBeGreaterThanOrEqual(6);
		const before = resolutions(app, "Use CRDTs for note merging", linkers);
		expect(new Set(Object.values(before))).toEqual(new Set([DECISION]));

		const amended = await engine.writer.amend(
			DECISION,
			"We merge notes with CRDTs, Automerge chosen after the comparison.",
		);
		const stored = await engine.writer.store({
			content: "A second opinion on merging.",
			title: "Use CRDTs for note merging",
		});
		await app.metadataCache.whenIdle();

		expect(amended.nodeId).toBe("Memory/Use CRDTs for note merging (v2).md");
		expect(stored.nodeId).toBe("Memory/Use CRDTs for note merging 2.md");
		expect(resolutions(app, "Use CRDTs for note merging", linkers)).toEqual(before);
		expect(app.metadataCache.getFirstLinkpathDest("Use CRDTs for note merging", amended.nodeId)?.path).toBe(DECISION);
		expect(engine.index.graph.inEdges(DECISION).map((edge) => edge.source)).toEqual(
			expect.arrayContaining([...linkers, amended.nodeId]),
		);
	});
});
