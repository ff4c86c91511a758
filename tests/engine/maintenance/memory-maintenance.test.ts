import { clearTimeout, setTimeout } from "node:timers";
import { afterEach, describe, expect, it } from "vitest";
import { parseMaintenanceSettings, type MaintenanceSettings } from "../../../src/core/model/maintenance-settings";
import {
	parseScoringSettings,
	type ScoringSettings,
	type ScoringSettingsInput,
} from "../../../src/core/model/scoring-settings";
import { parseNote } from "../../../src/core/parse/parse-note";
import { ActivityStore } from "../../../src/engine/activity/activity-store";
import { MemoryMaintenance } from "../../../src/engine/maintenance/memory-maintenance";
import { VaultIndex } from "../../../src/engine/index/vault-index";
import { createInThreadMaintenanceWorker } from "../../../src/workers/in-thread-host";
import { MemoryStorage } from "../../fakes/memory-storage";
import { MemoryVault } from "../../helpers/memory-vault";

const DAY = 86_400_000;
const timers = {
	setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
	clearTimeout: (handle: unknown) => clearTimeout(handle as NodeJS.Timeout),
};

const AGENT_NOTE = "---\nmemory_source: mcp\nmemory_created: 2023-11-14\n---\nThe build server runs on Tuesdays.\n";
const USER_NOTE = "# My own thoughts\n\nNothing links here, and that is fine.\n";

interface Harness {
	vault: MemoryVault;
	index: VaultIndex;
	activity: ActivityStore;
	maintenance: MemoryMaintenance;
	warnings: string[];
	settings: { maintenance: MaintenanceSettings; scoring: ScoringSettings };
	travel: (days: number) => void;
}

const open: MemoryMaintenance[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((m) => m.stop()));
});

async function harness(
	notes: Record<string, string>,
	options: {
		maintenance?: Partial<MaintenanceSettings>;
		scoring?: ScoringSettingsInput;
		storage?: MemoryStorage;
		sliceMs?: number;
		timers?: typeof timers;
	} = {},
): Promise<Harness> {
	const vault = new MemoryVault(notes);
	const clock = () => vault.now;
	const index = new VaultIndex(vault);
	await index.build();
	index.start();
	const storage = options.storage ?? new MemoryStorage();
	const activity = await ActivityStore.open(storage, { clock });
	const settings = {
		maintenance: parseMaintenanceSettings({ writesPerSecond: 1000, ...options.maintenance }),
		scoring: parseScoringSettings(options.scoring ?? {}),
	};
	const warnings: string[] = [];
	const maintenance = await MemoryMaintenance.open({
		vault,
		index,
		activity,
		storage,
		worker: createInThreadMaintenanceWorker(),
		timers: options.timers ?? timers,
		clock,
		settings: () => settings,
		warn: (message) => warnings.push(message),
		sliceMs: options.sliceMs,
	});
	maintenance.start();
	open.push(maintenance);
	return { vault, index, activity, maintenance, warnings, settings, travel: (days) => (vault.now += days * DAY) };
}

/** Two passes a day apart after travelling, as the hysteresis needs, then settle the index. */
async function passesAfter(h: Harness, days: number): Promise<void> {
	h.travel(days);
	await h.maintenance.runPass();
	h.travel(1);
	await h.maintenance.runPass();
	await h.index.idle();
}

function frontmatterOf(h: Harness, path: string): Record<string, unknown> {
	return parseNote(h.vault.content(path) ?? "").frontmatter ?? {};
}

function bodyOf(content: string | undefined): string {
	return (content ?? "").replace(/^---\n[\s\S]*?\n---\n/, "");
}

describe("MemoryMaintenance", () => {
	it("moves an idle orphan memory down, writes memory_status only, keeps the body and the modified time, and does not rewrite it again", async () => {
		const h = await harness({ "Memory/Build day.md": AGENT_NOTE });
		const mtime = (await h.vault.stat("Memory/Build day.md"))?.mtime;
		await passesAfter(h, 40);
		expect(h.maintenance.statusOf("Memory/Build day.md")).toBe("dormant");
		expect(frontmatterOf(h, "Memory/Build day.md")).toEqual({
			memory_source: "mcp",
			memory_created: "2023-11-14",
			memory_status: "dormant",
		});
		expect(bodyOf(h.vault.content("Memory/Build day.md"))).toBe(bodyOf(AGENT_NOTE));
		const node = h.index.graph.node("Memory/Build day.md");
		expect(node?.mtime).toBeGreaterThan(mtime ?? Infinity);
		expect(node && h.maintenance.modifiedOf("Memory/Build day.md", node)).toBe(mtime);

		const writes = h.vault.frontmatterWrites;
		const again = await h.maintenance.runPass();
		expect(again.changes).toEqual([]);
		expect(again.writes.written).toBe(0);
		expect(h.vault.frontmatterWrites).toBe(writes);
		expect(h.activity.get("Memory/Build day.md")?.lastEdited).toBeNull();
		expect(h.maintenance.history("Memory/Build day.md")).toMatchObject([
			{ kind: "transition", from: "active", to: "dormant" },
		]);
	});

	it("keeps a user note's status to itself in the memory-folder scope, and writes the vault only after the preview is confirmed", async () => {
		const h = await harness({ "Thoughts.md": USER_NOTE, "Memory/Build day.md": AGENT_NOTE });
		await passesAfter(h, 40);
		expect(h.maintenance.statusOf("Thoughts.md")).toBe("dormant");
		expect(h.vault.content("Thoughts.md")).toBe(USER_NOTE);

		const preview = h.maintenance.previewWrites("vault");
		expect(preview).toMatchObject({ scope: "vault", notes: 1, byStatus: { dormant: 1 }, outsideMemoryFolder: 1 });
		expect(preview.examples).toEqual([{ path: "Thoughts.md", status: "dormant" }]);

		h.settings.maintenance = { ...h.settings.maintenance, writeScope: "vault" };
		await h.maintenance.runPass();
		expect(h.vault.content("Thoughts.md")).toBe(USER_NOTE);

		h.settings.maintenance = { ...h.settings.maintenance, vaultWritesConfirmed: true };
		await h.maintenance.runPass();
		expect(frontmatterOf(h, "Thoughts.md")).toEqual({ memory_status: "dormant" });
		expect(bodyOf(h.vault.content("Thoughts.md"))).toBe(USER_NOTE);
	});

	it("follows hand edits of memory_status and memory_pinned at once", async () => {
		const h = await harness({ "Memory/Build day.md": AGENT_NOTE });
		await passesAfter(h, 40);
		const dormant = h.vault.content("Memory/Build day.md") ?? "";
		expect(dormant).toContain("memory_status: dormant");
		h.vault.write(
			"Memory/Build day.md",
			dormant.replace("memory_source: mcp", "memory_source: mcp\nmemory_pinned: true"),
		);
		await h.index.idle();
		await waitFor(() => h.maintenance.statusOf("Memory/Build day.md") === "core");
		await waitFor(() => frontmatterOf(h, "Memory/Build day.md").memory_status === "core");

		h.vault.write(
			"Memory/Build day.md",
			(h.vault.content("Memory/Build day.md") ?? "").replace("memory_pinned: true\n", ""),
		);
		await h.index.idle();
		await waitFor(() => h.maintenance.history("Memory/Build day.md").length === 3);
		expect(h.maintenance.statusOf("Memory/Build day.md")).toBe("active");
		expect(frontmatterOf(h, "Memory/Build day.md").memory_status).toBeUndefined();
		expect(
			h.maintenance
				.history("Memory/Build day.md")
				.map((e) => (e.kind === "transition" ? `${e.from}->${e.to}: ${e.reason}` : e.kind)),
		).toEqual([
			expect.stringMatching(/^active->dormant: retention/),
			"dormant->core: pinned",
			"core->active: unpinned",
		]);
	});

	it("undoes a transition, counts the undo as a use, and refuses to undo twice", async () => {
		const h = await harness({ "Memory/Build day.md": AGENT_NOTE });
		await passesAfter(h, 40);
		const [entry] = h.maintenance.history("Memory/Build day.md");
		await h.maintenance.undo(entry?.seq ?? -1);
		await h.index.idle();
		expect(h.maintenance.statusOf("Memory/Build day.md")).toBe("active");
		expect(frontmatterOf(h, "Memory/Build day.md").memory_status).toBeUndefined();
		expect(h.activity.get("Memory/Build day.md")?.lastOpened).toBe(h.vault.now);
		await expect(h.maintenance.undo(entry?.seq ?? -1)).rejects.toThrow(/already undone/);
		await expect(h.maintenance.undo(9999)).rejects.toThrow(/No transition or prune with number 9999/);
	});

	it("archives a pruned memory the plugin created, only marks a pruned note the user wrote, and can undo the archive", async () => {
		const h = await harness(
			{ "Memory/Build day.md": AGENT_NOTE, "Thoughts.md": USER_NOTE },
			{ maintenance: { pruneAction: "archive", writeScope: "vault", vaultWritesConfirmed: true } },
		);
		for (let day = 0; day < 200; day += 10) await passesAfter(h, 9);
		expect(h.vault.content("Memory/Build day.md")).toBeUndefined();
		expect(h.vault.content("Memory/Archive/Memory/Build day.md")).toContain("The build server runs on Tuesdays.");
		expect(frontmatterOf(h, "Thoughts.md").memory_status).toBe("pruned");
		expect(bodyOf(h.vault.content("Thoughts.md"))).toBe(USER_NOTE);

		const prune = h.activity.history({ kinds: ["prune"] });
		expect(prune.map((e) => (e.kind === "prune" ? `${e.path}: ${e.action}` : ""))).toEqual(
			expect.arrayContaining(["Memory/Build day.md: archive", "Thoughts.md: mark"]),
		);
		const archived = prune.find((e) => e.kind === "prune" && e.action === "archive");
		await h.maintenance.undo(archived?.seq ?? -1);
		await h.index.idle();
		expect(h.vault.content("Memory/Build day.md")).toContain("The build server runs on Tuesdays.");
	});

	it("proposes core for approval categories and promotes on acceptance", async () => {
		const h = await harness(
			{ "Memory/Decision.md": "---\nmemory_source: mcp\nmemory_category: decision\n---\nWe ship on Fridays.\n" },
			{ scoring: { core: { approvalCategories: ["decision"] } } },
		);
		const report = await h.maintenance.runPass();
		expect(report.proposals).toMatchObject([{ path: "Memory/Decision.md", category: "decision" }]);
		expect(h.maintenance.proposals()).toHaveLength(1);
		await h.maintenance.resolveProposal("Memory/Decision.md", true);
		await h.index.idle();
		expect(h.maintenance.statusOf("Memory/Decision.md")).toBe("core");
		expect(frontmatterOf(h, "Memory/Decision.md").memory_status).toBe("core");
		await expect(h.maintenance.resolveProposal("Memory/Decision.md", true)).rejects.toThrow(/no open core proposal/);
	});

	it("a dry run reports what would change and changes nothing", async () => {
		const h = await harness({ "Memory/Build day.md": AGENT_NOTE });
		h.travel(40);
		await h.maintenance.runPass();
		h.travel(1);
		const dry = await h.maintenance.runPass({ dryRun: true });
		expect(dry).toMatchObject({
			dryRun: true,
			changes: [{ path: "Memory/Build day.md", from: "active", to: "dormant" }],
			writes: { written: 1 },
		});
		expect(h.vault.content("Memory/Build day.md")).toBe(AGENT_NOTE);
		expect(h.maintenance.statusOf("Memory/Build day.md")).toBe("active");
		expect(h.maintenance.history()).toEqual([]);
	});

	it("keeps lifecycle state across a restart", async () => {
		const storage = new MemoryStorage();
		const first = await harness({ "Thoughts.md": USER_NOTE }, { storage });
		await passesAfter(first, 40);
		await first.maintenance.stop();
		await first.activity.close();
		const second = await harness({ "Thoughts.md": USER_NOTE }, { storage });
		expect(second.maintenance.statusOf("Thoughts.md")).toBe("dormant");
		expect(second.maintenance.history("Thoughts.md")).toHaveLength(1);
	});

	it("takes the statuses edited by hand while it was closed at the next start, in time slices", async () => {
		const storage = new MemoryStorage();
		const paths = Array.from({ length: 6 }, (_, i) => `Memory/Fact ${i}.md`);
		const first = await harness(Object.fromEntries(paths.map((path) => [path, AGENT_NOTE])), { storage });
		await passesAfter(first, 40);
		await first.maintenance.stop();
		await first.activity.close();
		const edited = new Set(paths.filter((_, i) => i % 2 === 0));
		const notes = Object.fromEntries(
			paths.map((path) => {
				const content = first.vault.content(path) ?? "";
				expect(content).toContain("memory_status: dormant");
				return [path, edited.has(path) ? content.replace("memory_status: dormant", "memory_status: active") : content];
			}),
		);
		let yields = 0;
		const counting = {
			setTimeout: (callback: () => void, ms: number) => {
				if (ms === 0) yields++;
				return timers.setTimeout(callback, ms);
			},
			clearTimeout: timers.clearTimeout,
		};
		const second = await harness(notes, { storage, sliceMs: 0, timers: counting });
		expect(yields).toBeGreaterThanOrEqual(paths.length);
		for (const path of paths) expect(second.maintenance.statusOf(path)).toBe(edited.has(path) ? "active" : "dormant");
	});
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
	const started = Date.now();
	while (!condition()) {
		if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}
