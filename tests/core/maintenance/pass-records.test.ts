import { describe, expect, it } from "vitest";
import type { Transition } from "../../../src/core/lifecycle/decide-transition";
import { PassRecorder, readChanges, readProposals } from "../../../src/core/maintenance/pass-records";

describe("pass records", () => {
	it("packs changes and proposals into columns and reads them back by path", () => {
		const recorder = new PassRecorder();
		recorder.change(4, {
			from: "active",
			to: "dormant",
			reason: "retention 0.0144 < dormant threshold 0.015 for 2 passes",
		});
		recorder.change(0, { from: "fading", to: "pruned", reason: "prune rule met", prune: { pluginCreated: true } });
		recorder.change(9, { from: "fading", to: "pruned", reason: "", prune: { pluginCreated: false } });
		recorder.change(2, { from: "dormant", to: "core", reason: 'category "a\nb" is in the auto-promote list' });
		recorder.proposal(7, 1, 'category "preference" is in the approval list');
		recorder.proposal(3, -1, "no category");

		const pathOf = (index: number) => `Note ${index}.md`;
		const changes = readChanges(recorder.changes(), 1000, pathOf);
		const expected: Transition[] = [
			{
				path: "Note 4.md",
				from: "active",
				to: "dormant",
				at: 1000,
				reason: "retention 0.0144 < dormant threshold 0.015 for 2 passes",
			},
			{
				path: "Note 0.md",
				from: "fading",
				to: "pruned",
				at: 1000,
				reason: "prune rule met",
				prune: { pluginCreated: true },
			},
			{ path: "Note 9.md", from: "fading", to: "pruned", at: 1000, reason: "", prune: { pluginCreated: false } },
			{
				path: "Note 2.md",
				from: "dormant",
				to: "core",
				at: 1000,
				reason: 'category "a\nb" is in the auto-promote list',
			},
		];
		expect(changes).toEqual(expected);
		expect(changes.map((change) => "prune" in change)).toEqual([false, true, true, false]);
		expect(readProposals(recorder.proposals(), ["decision", "preference"], 1000, pathOf)).toEqual([
			{ path: "Note 7.md", category: "preference", at: 1000, reason: 'category "preference" is in the approval list' },
			{ path: "Note 3.md", category: null, at: 1000, reason: "no category" },
		]);
	});

	it("reads an empty pass as no changes", () => {
		const recorder = new PassRecorder();
		expect(readChanges(recorder.changes(), 0, String)).toEqual([]);
		expect(readProposals(recorder.proposals(), [], 0, String)).toEqual([]);
	});
});
