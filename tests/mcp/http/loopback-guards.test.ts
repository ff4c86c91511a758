import { describe, expect, it } from "vitest";
import { isAllowedOrigin, isLoopbackHost } from "../../../src/mcp/http/loopback-guards";

describe("loopback guards", () => {
	it.each([
		["127.0.0.1:27150", true],
		["localhost:27150", true],
		["LOCALHOST:27150", true],
		["[::1]:27150", true],
		["127.0.0.1:27151", false],
		["127.0.0.1", false],
		["localhost", false],
		["localhost.:27150", false],
		["127.0.0.2:27150", false],
		["0.0.0.0:27150", false],
		["evil.example.com:27150", false],
		["localhost.evil.example.com:27150", false],
		["127.0.0.1:27150@evil.example.com", false],
		["[::ffff:127.0.0.1]:27150", false],
		["", false],
		[undefined, false],
	])("Host %s on port 27150 → %s", (host, allowed) => {
		expect(isLoopbackHost(host, 27150)).toBe(allowed);
	});

	it.each([
		[undefined, true],
		["http://127.0.0.1:27150", true],
		["http://localhost:6274", true],
		["https://localhost", true],
		["http://[::1]:27150", true],
		["null", false],
		["http://evil.example.com", false],
		["http://127.0.0.1.evil.example.com", false],
		["http://localhost.evil.example.com:27150", false],
		["file://", false],
		["chrome-extension://abcdef", false],
		["app://obsidian.md", false],
		["http://127.0.0.1:27150, http://evil.example.com", false],
		["", false],
	])("Origin %s → %s", (origin, allowed) => {
		expect(isAllowedOrigin(origin)).toBe(allowed);
	});
});
