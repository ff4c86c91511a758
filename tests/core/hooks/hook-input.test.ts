import { describe, expect, it } from "vitest";
import { parseHookInput } from "../../../src/core/hooks/hook-input";

describe("parseHookInput", () => {
	it("reads the documented UserPromptSubmit payload", () => {
		const input = parseHookInput("UserPromptSubmit", {
			session_id: "abc",
			transcript_path: "/t.jsonl",
			cwd: "/p",
			permission_mode: "default",
			hook_event_name: "UserPromptSubmit",
			prompt: "hello",
		});
		expect(input).toEqual({
			event: "UserPromptSubmit",
			sessionId: "abc",
			transcriptPath: "/t.jsonl",
			cwd: "/p",
			prompt: "hello",
		});
	});

	it("names the missing field, and refuses an event that disagrees with the command", () => {
		expect(() => parseHookInput("SessionStart", { cwd: "/p" })).toThrow("session_id");
		expect(() => parseHookInput("UserPromptSubmit", { session_id: "a", cwd: "/p" })).toThrow("prompt");
		expect(() => parseHookInput("SessionEnd", { session_id: "a", cwd: "/p", hook_event_name: "PreCompact" })).toThrow(
			'hook_event_name is "PreCompact"',
		);
		expect(() => parseHookInput("SessionEnd", [])).toThrow("not a JSON object");
	});
});
