import { describe, expect, it } from "vitest";
import { readSessionUse } from "../../../src/core/hooks/session-transcript";

const line = (entry: unknown) => JSON.stringify(entry);
const RECALL = "mcp__plugin_causal-memory_causal-memory__memory_recall";

describe("readSessionUse", () => {
	it("reads the user's prompts and the memories the session's memory tools answered with", () => {
		const transcript = [
			line({ type: "user", message: { role: "user", content: "Why did we lose edits?" } }),
			line({
				type: "assistant",
				message: { content: [{ type: "tool_use", id: "t1", name: RECALL, input: { query: "lost edits" } }] },
			}),
			line({
				type: "user",
				message: {
					content: [
						{
							type: "tool_result",
							tool_use_id: "t1",
							content: [{ type: "text", text: JSON.stringify({ results: [{ node_id: "Memory/Clock skew.md" }] }) }],
						},
					],
				},
			}),
			line({
				type: "assistant",
				message: { content: [{ type: "tool_use", id: "t2", name: "mcp__causal-memory__memory_store", input: {} }] },
			}),
			line({
				type: "user",
				message: {
					content: [{ type: "tool_result", tool_use_id: "t2", content: JSON.stringify({ node_id: "Memory/New.md" }) }],
				},
			}),
			line({ type: "user", message: { content: [{ type: "text", text: "Thanks, now the tests" }] } }),
		].join("\n");
		expect(readSessionUse(transcript)).toEqual({
			prompts: ["Why did we lose edits?", "Thanks, now the tests"],
			memoryIds: ["Memory/Clock skew.md", "Memory/New.md"],
		});
	});

	it("leaves out slash commands, meta messages, other servers' tools, failed calls and a half-written last line", () => {
		const transcript = [
			line({ type: "user", message: { content: "<command-name>/clear</command-name>" } }),
			line({ type: "user", isMeta: true, message: { content: "Caveat: generated" } }),
			line({
				type: "assistant",
				message: { content: [{ type: "tool_use", id: "o", name: "mcp__other__memory_recall" }] },
			}),
			line({
				type: "user",
				message: { content: [{ type: "tool_result", tool_use_id: "o", content: '{"node_id":"Other.md"}' }] },
			}),
			line({ type: "assistant", message: { content: [{ type: "tool_use", id: "e", name: RECALL }] } }),
			line({
				type: "user",
				message: {
					content: [{ type: "tool_result", tool_use_id: "e", is_error: true, content: '{"node_id":"Err.md"}' }],
				},
			}),
			'{"type":"user","message":{"content":"half',
		].join("\n");
		expect(readSessionUse(transcript)).toEqual({ prompts: [], memoryIds: [] });
	});
});
