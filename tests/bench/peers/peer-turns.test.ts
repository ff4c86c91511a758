import { describe, expect, it } from "vitest";
import type { LocomoConversation } from "../../../bench/locomo/locomo-data";
import { isoDateOf, peerTurns } from "../../../bench/peers/peer-turns";

describe("isoDateOf", () => {
	it("reads the day, month name and year of a session date", () => {
		expect(isoDateOf("1:56 pm on 8 May, 2023")).toBe("2023-05-08");
		expect(isoDateOf("10:37 am on 27 june 2023")).toBe("2023-06-27");
	});

	it("gives undefined without a month name", () => {
		expect(isoDateOf("8/5/2023")).toBeUndefined();
		expect(isoDateOf("8 Mayo, 2023")).toBeUndefined();
	});
});

describe("peerTurns", () => {
	const conversation: LocomoConversation = {
		id: "c1",
		unknownEvidence: [],
		questions: [],
		sessions: [
			{
				number: 1,
				date: "9 am on 2 March, 2024",
				turns: [
					{ diaId: "D1:1", session: 1, speaker: "Ann", text: "I adopted a cat." },
					{ diaId: "D1:2", session: 1, speaker: "Bo", text: "Look!", caption: "a photo of a kite" },
				],
			},
			{ number: 2, date: "5 pm on 3 March, 2024", turns: [{ diaId: "D2:1", session: 2, speaker: "Ann", text: "Hi" }] },
		],
	};

	it("gives every turn its date, speaker and caption, linked to the turn before it in the same session", () => {
		expect(peerTurns(conversation)).toEqual([
			{
				conversation: "c1",
				diaId: "D1:1",
				session: 1,
				date: "9 am on 2 March, 2024",
				speaker: "Ann",
				text: "(9 am on 2 March, 2024) Ann: I adopted a cat.",
			},
			{
				conversation: "c1",
				diaId: "D1:2",
				session: 1,
				date: "9 am on 2 March, 2024",
				speaker: "Bo",
				text: "(9 am on 2 March, 2024) Bo: Look!\n[image: a photo of a kite]",
				previous: "D1:1",
			},
			{
				conversation: "c1",
				diaId: "D2:1",
				session: 2,
				date: "5 pm on 3 March, 2024",
				speaker: "Ann",
				text: "(5 pm on 3 March, 2024) Ann: Hi",
			},
		]);
	});
});
