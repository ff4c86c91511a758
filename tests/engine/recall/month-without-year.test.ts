import { afterEach, describe, expect, it } from "vitest";
import { stopEngines, writerHarness } from "../writer/writer-harness";

afterEach(stopEngines);

/** 20 January 2025: the latest March is March 2024; March 2025 is still to come. */
const JAN_20 = Date.UTC(2025, 0, 20, 9);

describe("a month named without a year is the latest one (issue 29)", () => {
	it("finds the outage stored with an event_date in March among five memories stored just before", async () => {
		const h = await writerHarness({}, {}, () => JAN_20);
		const store = (content: string, eventDate?: string) =>
			h.engine.writer.store({ content, ...(eventDate === undefined ? {} : { eventDate }) });
		const outage = await store(
			"The primary Postgres server ran out of disk space and was offline for two hours.",
			"2024-03-14",
		);
		await store("Alice joined the platform team as an SRE.");
		await store("We switched the CI pipeline to GitHub Actions.");
		await store("The team offsite is planned for September in Lisbon.");
		const alerts = await store("Added disk usage alerts at 80 percent on every database host.");

		const result = await h.engine.recall("Why did the database go down in March and what did we change afterwards?", {
			readOnly: true,
		});
		expect(
			result.results
				.map((hit) => hit.path)
				.slice(0, 2)
				.sort(),
		).toEqual([outage.nodeId, alerts.nodeId].sort());

		// memory_search's during filter reads a month the same way: its event_date, or the day stored.
		expect(h.engine.search("", { during: "March" }).map((hit) => hit.path)).toEqual([outage.nodeId]);
		expect(h.engine.search("", { during: "2025-01" }).length).toBe(5);
		expect(h.engine.search("", { during: "March 2025" })).toEqual([]);
		expect(() => h.engine.search("", { during: "someday" })).toThrow(
			expect.objectContaining({ field: "filters.during" }),
		);
	});
});
