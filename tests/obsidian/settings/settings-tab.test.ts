// @vitest-environment happy-dom
import { writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, settingFields, valueAt } from "../../../src/core/model/setting-fields";
import { ADVANCED, FIRST_SCREEN } from "../../../src/obsidian/settings/setting-groups";
import { Modal } from "../../fakes/obsidian";
import { removeVaultDirs } from "../fake-app";
import { freePort, isPortFree } from "../ports";
import { until } from "../until";
import { DATA_JSON, errorOf, openSettingsTab, statusWith, typeInto, type TabUnderTest } from "./settings-harness";

const opened: TabUnderTest[] = [];
afterEach(async () => {
	for (const tab of opened.splice(0)) await tab.stop();
	await removeVaultDirs();
});

async function open(...args: Parameters<typeof openSettingsTab>): Promise<TabUnderTest> {
	const tab = await openSettingsTab(...args);
	opened.push(tab);
	return tab;
}

const NUMBER_FIELDS = settingFields().filter(
	(field) => field.kind === "number" && !field.internal && field.max !== undefined,
);

/** Shown: neither the element nor a parent hidden (Advanced folded in the classic tab hides its rows). */
const visible = (el: Element | null): boolean => {
	for (let at = el; at !== null; at = at.parentElement) if ((at as HTMLElement).style.display === "none") return false;
	return el !== null;
};

/** Shown headings and sub-headings, in order. */
const headingsIn = (el: HTMLElement): string[] =>
	[...el.querySelectorAll(".setting-item-heading .setting-item-name, [data-subheading]")]
		.filter(visible)
		.map((heading) => heading.getAttribute("data-subheading") ?? heading.textContent ?? "");

/** Rows a user reads: every shown setting row but headings and sub-headings (Advanced's own row counts). */
const rowsIn = (el: HTMLElement): HTMLElement[] =>
	[...el.querySelectorAll<HTMLElement>(".setting-item")].filter(
		(row) => visible(row) && !row.matches(".setting-item-heading, .causal-memory-subheading"),
	);

describe("the settings tab", () => {
	it.each([false, true])(
		"opens on a first screen of at most 20 rows, Advanced folded, and shows every field once Advanced opens (classic: %s)",
		async (classic) => {
			const { tab, openAdvanced } = await open({}, { mcp: { enabled: false } }, { classic });
			const first = headingsIn(tab.containerEl);
			expect(first).toEqual(FIRST_SCREEN.map((group) => group.heading));
			const rows = rowsIn(tab.containerEl);
			expect(rows.length).toBeLessThanOrEqual(20);
			expect(rows.at(-1)?.querySelector(".setting-item-name")?.textContent).toBe("Advanced");
			const onFirstScreen = settingFields().filter((field) =>
				visible(tab.containerEl.querySelector(`[data-setting="${field.key}"]`)),
			);
			expect(onFirstScreen.map((field) => field.key)).toEqual(
				expect.arrayContaining(["maintenance.memoryFolder", "scoring.lifecycle.dormantThreshold", "mcp.writeFolders"]),
			);
			expect(visible(tab.containerEl.querySelector('[data-setting="recall.fusion.k"]'))).toBe(false);
			openAdvanced();
			const advanced = headingsIn(tab.containerEl).slice(classic ? first.length : 0);
			for (const group of ADVANCED.filter((spec) => spec.id !== "other")) expect(advanced).toContain(group.heading);
			// No heading or sub-heading appears twice, on the first screen and in Advanced together.
			const all = [...first, ...advanced];
			expect(all.length).toBe(new Set(all).size);
			for (const field of settingFields().filter((candidate) => !candidate.internal)) {
				const shown = onFirstScreen.includes(field) || tab.containerEl.querySelector(`[data-setting="${field.key}"]`);
				expect(shown, field.key).toBeTruthy();
			}
			expect(tab.containerEl.textContent).not.toContain("9007199254740991");
		},
	);

	it.each([false, true])(
		"rejects every out-of-range number with the schema's message, keeps the old value and saves nothing (classic display: %s)",
		async (classic) => {
			const { row, plugin, dataJson, tab, openAdvanced } = await open({}, { mcp: { port: 28111 } }, { classic });
			const before = dataJson();
			const settingsBefore = plugin.settingsStore?.get();
			const firstScreen = NUMBER_FIELDS.filter((field) =>
				tab.containerEl.querySelector(`[data-setting="${field.key}"]`),
			);
			const typeOutOfRange = (field: (typeof NUMBER_FIELDS)[number]): void => {
				const element = row(field.key);
				typeInto(element, String((field.max ?? 0) + 1));
				expect(errorOf(element), field.key).toMatch(/must|expected|Invalid/);
				expect(valueAt(plugin.settingsStore?.get(), field.path), field.key).toBe(valueAt(settingsBefore, field.path));
				expect(valueAt(settingsBefore, field.path), field.key).toBe(
					field.key === "mcp.port" ? 28111 : valueAt(DEFAULT_SETTINGS, field.path),
				);
			};
			firstScreen.forEach(typeOutOfRange);
			openAdvanced();
			NUMBER_FIELDS.filter((field) => !firstScreen.includes(field)).forEach(typeOutOfRange);
			tab.open({ classic });
			await plugin.settingsStore?.update((s) => s);
			expect(dataJson()).toEqual(before);
			const dormant = row("scoring.lifecycle.fadingThreshold");
			typeInto(dormant, "0.5");
			expect(errorOf(dormant)).toContain("must be lower than lifecycle.dormantThreshold");
			typeInto(dormant, "0.005");
			expect(errorOf(dormant)).toBeNull();
			await plugin.settingsStore?.flush();
			expect(dataJson().scoring).toEqual({ lifecycle: { fadingThreshold: 0.005 } });
		},
	);

	it("resets one group to its defaults and leaves the others", async () => {
		const { tab, plugin, openAdvanced } = await open(
			{},
			{
				scoring: { relevance: { halfLifeDays: 30, powerLawExponent: 0.9 } },
				recall: { fusion: { k: 90 } },
				mcp: { port: 28112 },
			},
		);
		const resetOf = (heading: string): HTMLElement | null | undefined =>
			[...tab.containerEl.querySelectorAll<HTMLElement>(".setting-group")]
				.find((group) => group.querySelector(".setting-item-heading")?.textContent === heading)
				?.querySelector<HTMLElement>(".setting-item-heading .clickable-icon");
		resetOf("Lifecycle")?.click();
		await until(() => plugin.settingsStore?.get().scoring.relevance.halfLifeDays === 7);
		expect(
			(tab.containerEl.querySelector('[data-setting="scoring.relevance.halfLifeDays"] input') as HTMLInputElement)
				.value,
		).toBe("7");
		// The exponent is in Advanced's Scoring group, and recall's k in Recall: neither was reset.
		expect(plugin.settingsStore?.get().scoring.relevance.powerLawExponent).toBe(0.9);
		expect(plugin.settingsStore?.get().recall.fusion.k).toBe(90);
		openAdvanced();
		resetOf("Recall")?.click();
		await until(() => plugin.settingsStore?.get().recall.fusion.k === 60);
		expect(plugin.settingsStore?.get().scoring.relevance.powerLawExponent).toBe(0.9);
	});

	it("edits a map as rows, validated by its schema: add, change and remove keys", async () => {
		const { plugin, row, dataJson, openAdvanced } = await open({}, { mcp: { enabled: false } });
		openAdvanced();
		const edgeKeys = row("index.edgeKeys");
		const entries = (el: HTMLElement): string[] =>
			[...el.querySelectorAll("[data-map-key]")].map((entry) => entry.getAttribute("data-map-key") ?? "");
		expect(entries(edgeKeys)).toEqual(Object.keys(DEFAULT_SETTINGS.index.edgeKeys));
		// The default keys come back when removed, so they have no remove button.
		expect(edgeKeys.querySelectorAll(".causal-memory-map-remove")).toHaveLength(0);
		const add = (el: HTMLElement, key: string, value: string): void => {
			(el.querySelector(".causal-memory-map-new-key") as HTMLInputElement).value = key;
			const valueControl = el.querySelector<HTMLInputElement | HTMLSelectElement>(
				".causal-memory-map-add select, .causal-memory-map-add input:not(.causal-memory-map-new-key)",
			) as HTMLInputElement;
			valueControl.value = value;
			[...el.querySelectorAll<HTMLButtonElement>(".causal-memory-map-add button")].at(-1)?.click();
		};
		add(edgeKeys, "up", "derived_from");
		expect(plugin.settingsStore?.get().index.edgeKeys.up).toBe("derived_from");
		expect(entries(edgeKeys)).toContain("up");
		const upSelect = edgeKeys.querySelector('[data-map-key="up"] select') as HTMLSelectElement;
		upSelect.value = "caused_by";
		upSelect.dispatchEvent(new Event("change"));
		expect(plugin.settingsStore?.get().index.edgeKeys.up).toBe("caused_by");
		edgeKeys.querySelector<HTMLElement>('[data-map-key="up"] .causal-memory-map-remove')?.click();
		expect(plugin.settingsStore?.get().index.edgeKeys).toEqual(DEFAULT_SETTINGS.index.edgeKeys);

		const floors = row("recall.autoLink.cosineFloorByModel");
		add(floors, "Xenova/bge-small-en-v1.5", "2");
		expect(errorOf(floors)).toContain("must be a number from -1 to 1");
		expect(plugin.settingsStore?.get().recall.autoLink.cosineFloorByModel).toEqual({});
		add(floors, "Xenova/bge-small-en-v1.5", "0.5");
		expect(errorOf(floors)).toBeNull();
		const value = floors.querySelector('[data-map-key="Xenova/bge-small-en-v1.5"] input') as HTMLInputElement;
		expect(value.value).toBe("0.5");
		value.value = "0.62";
		value.dispatchEvent(new Event("input"));
		expect(plugin.settingsStore?.get().recall.autoLink.cosineFloorByModel).toEqual({
			"Xenova/bge-small-en-v1.5": 0.62,
		});
		await plugin.settingsStore?.flush();
		expect(dataJson().recall).toEqual({ autoLink: { cosineFloorByModel: { "Xenova/bge-small-en-v1.5": 0.62 } } });
	});

	it("reaches whole-vault status writes only through the preview dialog, and goes back without one", async () => {
		const { plugin, row } = await open({ "Notes/Idea.md": "An idea." }, { mcp: { enabled: false } }, { start: true });
		const writes = row("maintenance.writeScope");
		expect(writes.textContent).toContain("new modification time");
		expect(writes.textContent).toContain("Now: memory folder only (Memory).");
		const button = (): HTMLButtonElement => writes.querySelector("button") as HTMLButtonElement;
		expect(button().textContent).toBe("Preview whole-vault writes…");
		const dialogs = Modal.opened.length;
		button().click();
		const dialog = Modal.opened.at(-1);
		expect(Modal.opened.length).toBe(dialogs + 1);
		expect(dialog?.contentEl.textContent).toContain("The first pass would set memory_status on 0 notes");
		expect(dialog?.contentEl.textContent).toContain("gets a new modification time");
		expect(plugin.settingsStore?.get().maintenance).toMatchObject({
			writeScope: "memory-folder",
			vaultWritesConfirmed: false,
		});
		[...(dialog?.contentEl.querySelectorAll("button") ?? [])]
			.find((b) => b.textContent === "Allow and run a pass")
			?.click();
		await until(() => plugin.settingsStore?.get().maintenance.vaultWritesConfirmed === true);
		expect(plugin.settingsStore?.get().maintenance.writeScope).toBe("vault");
		expect(writes.textContent).toContain("Now: whole vault.");
		expect(button().textContent).toBe("Memory folder only");
		button().click();
		expect(plugin.settingsStore?.get().maintenance).toMatchObject({
			writeScope: "memory-folder",
			vaultWritesConfirmed: false,
		});
	});

	it("picks up data.json edited behind its back (onExternalSettingsChange), in the store and in the tab", async () => {
		const { app, plugin, row } = await open({}, { mcp: { port: 28113 } });
		writeFileSync(
			app.vault.fullPath(DATA_JSON),
			JSON.stringify({ welcomed: true, mcp: { port: 28113 }, scoring: { lifecycle: { pruneIdleDays: 90 } } }),
		);
		await plugin.onExternalSettingsChange();
		expect(plugin.settingsStore?.get().scoring.lifecycle.pruneIdleDays).toBe(90);
		expect((row("scoring.lifecycle.pruneIdleDays").querySelector("input") as HTMLInputElement).value).toBe("90");
	});

	it("a threshold changed in the tab alters the next maintenance pass", async () => {
		const { plugin, row } = await open({ "Notes/Idea.md": "An idea." }, { mcp: { enabled: false } }, { start: true });
		const maintenance = plugin.memory?.maintenance();
		expect(maintenance?.statusOf("Notes/Idea.md")).toBe("active");
		typeInto(row("scoring.lifecycle.downwardPasses"), "1");
		typeInto(row("scoring.lifecycle.dormantThreshold"), "0.99");
		typeInto(row("scoring.lifecycle.fadingThreshold"), "0.98");
		await maintenance?.runPass();
		expect(maintenance?.statusOf("Notes/Idea.md")).not.toBe("active");
	});

	it("a port change in the tab rebinds the server; the port notice comes only when the port changed", async () => {
		const [first, second] = [await freePort(), await freePort()];
		const { plugin, row } = await open({}, { mcp: { port: first } }, { start: true });
		expect(plugin.mcp?.state).toMatchObject({ kind: "running", port: first });
		typeInto(row("mcp.port"), String(second));
		await until(() => plugin.mcp?.state.kind === "running" && plugin.mcp.state.port === second);
		expect(await isPortFree(first)).toBe(true);
		expect(plugin.settingsStore?.get().mcp.announcedPort).toBe(second);
		const { Notice } = await import("../../fakes/obsidian");
		const told = Notice.messages.length;
		await plugin.mcp?.restart();
		expect(plugin.mcp?.state).toMatchObject({ kind: "running", port: second });
		expect(Notice.messages.slice(told).filter((message) => message.includes("MCP server on port"))).toEqual([]);
	});

	it("regenerating the token (after a warning) makes the old token get 401", async () => {
		const port = await freePort();
		const { plugin, row, tab } = await open({}, { mcp: { port } }, { start: true });
		const url = `http://127.0.0.1:${port}/mcp`;
		const old = plugin.settingsStore?.get().mcp.token ?? "";
		expect(await statusWith(url, old)).toBe(200);
		const tokenRow = [...tab.containerEl.querySelectorAll<HTMLElement>(".setting-item")].find(
			(el) => el.querySelector(".setting-item-name")?.textContent === "Access token",
		);
		const regenerate = [...(tokenRow?.querySelectorAll("button") ?? [])].find(
			(button) => button.textContent === "Regenerate",
		);
		regenerate?.click();
		expect(regenerate?.textContent).toContain("Connected clients stop working");
		expect(plugin.settingsStore?.get().mcp.token).toBe(old);
		regenerate?.click();
		await until(() => plugin.settingsStore?.get().mcp.token !== old);
		const fresh = plugin.settingsStore?.get().mcp.token ?? "";
		// The server restarts with the new token; until then requests are refused or still see the old one.
		await until(async () => (await statusWith(url, fresh).catch(() => 0)) === 200);
		expect(await statusWith(url, old)).toBe(401);
		expect(await statusWith(url, fresh)).toBe(200);
		expect(row("mcp.port")).toBeDefined();
	});
});
