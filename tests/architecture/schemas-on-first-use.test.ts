import { describe, expect, it, vi } from "vitest";

// Counts the zod objects built: loading the plugin must build none for the settings data.json
// leaves out, nor for the activity log, the lock and the journal before they are read.
const built = vi.hoisted(() => ({ objects: 0 }));
vi.mock("zod", async (importOriginal) => {
	const actual = await importOriginal<typeof import("zod")>();
	const object = ((...args: Parameters<typeof actual.z.object>) => {
		built.objects++;
		return actual.z.object(...args);
	}) as typeof actual.z.object;
	return { ...actual, z: { ...actual.z, object } };
});

describe("zod schemas are built on first use", () => {
	it("importing the settings, activity, lock and journal modules builds none", async () => {
		await import("../../src/core/model/setting-fields");
		await import("../../src/engine/activity/activity-store");
		await import("../../src/core/activity/writer-lock");
		await import("../../src/engine/consolidation/consolidation-journal");
		expect(built.objects).toBe(0);
	});

	it("reading data.json builds only the schemas of the groups it holds", async () => {
		const { readMemorySettings } = await import("../../src/core/model/settings");
		const empty = readMemorySettings(null);
		expect(empty.problems).toEqual([]);
		expect(built.objects).toBe(0);
		const { settings } = readMemorySettings({ embeddings: { dtype: "fp32" } });
		expect(settings.embeddings.dtype).toBe("fp32");
		expect(built.objects).toBe(1);
	});
});
