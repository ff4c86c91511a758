import { describe, expect, it } from "vitest";
import { parseMcpSettings } from "../../../src/core/model/mcp-settings";

describe("MCP settings: sessions", () => {
	it("closes idle sessions after 10 minutes and keeps at most 100 by default", () => {
		expect(parseMcpSettings({})).toMatchObject({ idleSessionMinutes: 10, maxSessions: 100 });
	});

	it("accepts a cap from 10 to 10,000 sessions", () => {
		expect(parseMcpSettings({ maxSessions: 10 }).maxSessions).toBe(10);
		expect(parseMcpSettings({ maxSessions: 10_000 }).maxSessions).toBe(10_000);
	});

	it.each([
		[9, "must be at least 10"],
		[10_001, "must be at most 10000"],
		[50.5, "must be a whole number"],
		["100", "must be a number of sessions"],
	])("refuses maxSessions %j, naming the field", (value, message) => {
		expect(() => parseMcpSettings({ maxSessions: value })).toThrow(`Invalid MCP setting "maxSessions": ${message}.`);
	});
});
