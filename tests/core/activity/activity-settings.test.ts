import { describe, expect, it } from "vitest";
import { parseActivitySettings } from "../../../src/core/activity/activity-settings";

describe("activity settings", () => {
	it("fills in defaults and names a bad value", () => {
		expect(parseActivitySettings(undefined)).toEqual({
			maxRecentRecalls: 256,
			maxHistoryPerNode: 200,
			compactAfterRecords: 50_000,
			compactAfterBytes: 8 * 1024 * 1024,
		});
		expect(() => parseActivitySettings({ compactAfterRecords: 0 })).toThrow(
			'Invalid activity setting "compactAfterRecords"',
		);
	});
});
