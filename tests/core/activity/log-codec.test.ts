import { describe, expect, it } from "vitest";
import {
	decodeChecksummedLine,
	decodeLog,
	encodeChecksummedLine,
	encodeRecordLine,
	type LogProblem,
} from "../../../src/core/activity/log-codec";
import type { StoredRecord } from "../../../src/core/activity/records";

const records: StoredRecord[] = [
	{ seq: 1, kind: "recall", path: "Notes/Ä 🧠.md", at: 1000 },
	{
		seq: 2,
		kind: "transition",
		path: "a.md",
		from: "active",
		to: "dormant",
		at: 2000,
		reason: "retention 0.21 < 0.25",
	},
	{ seq: 5, kind: "rename", from: "a.md", to: "b.md", at: 3000 },
];
const text = records.map(encodeRecordLine).join("");

function decode(log: string): { records: StoredRecord[]; problems: LogProblem[] } {
	const found: StoredRecord[] = [];
	const problems = decodeLog(log, (record) => found.push(record));
	return { records: found, problems };
}

describe("log codec", () => {
	it("round-trips records", () => {
		expect(decode(text)).toEqual({ records, problems: [] });
	});

	it("recovers every complete line when the last write is torn at any character", () => {
		const lastStart = text.length - encodeRecordLine(records[2]).length;
		for (let cut = lastStart + 1; cut < text.length; cut++) {
			const decoded = decode(text.slice(0, cut));
			expect(decoded.records).toEqual(records.slice(0, 2));
			expect(decoded.problems).toHaveLength(1);
			expect(decoded.problems[0].line).toBe(3);
		}
		expect(decode(text.slice(0, lastStart))).toEqual({ records: records.slice(0, 2), problems: [] });
	});

	it("skips a damaged line in the middle and keeps the rest", () => {
		const lines = text.split("\n");
		lines[1] = lines[1].replace("dormant", "dormanT");
		const decoded = decode(lines.join("\n"));
		expect(decoded.records.map((r) => r.seq)).toEqual([1, 5]);
		expect(decoded.problems).toEqual([{ line: 2, message: "checksum mismatch" }]);
	});

	it("ignores empty lines and reports lines that are not records", () => {
		const decoded = decode(
			`\n${encodeRecordLine(records[0])}\ngarbage\n${encodeChecksummedLine('{"seq":9,"kind":"visit","path":"a.md","at":1}')}`,
		);
		expect(decoded.records).toEqual([records[0]]);
		expect(decoded.problems.map((p) => p.line)).toEqual([4, 5]);
		expect(decoded.problems[0].message).toBe("not a checksummed line");
		expect(decoded.problems[1].message).toMatch(/field "kind"/);
	});

	it("passes on records whose sequence numbers do not increase (two writers): the store keeps both", () => {
		const decoded = decode(encodeRecordLine(records[2]) + encodeRecordLine(records[1]) + encodeRecordLine(records[1]));
		expect(decoded.records).toEqual([records[2], records[1], records[1]]);
		expect(decoded.problems).toEqual([]);
	});

	it("checks a single checksummed line", () => {
		const line = encodeChecksummedLine('{"a":1}');
		expect(line).toMatch(/^[0-9a-f]{8} \{"a":1\}\n$/);
		expect(decodeChecksummedLine(line.slice(0, -1))).toEqual({ json: '{"a":1}' });
		expect(decodeChecksummedLine(line.slice(0, -2))).toEqual({ problem: "checksum mismatch" });
	});
});
