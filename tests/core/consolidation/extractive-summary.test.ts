import { describe, expect, it } from "vitest";
import { extractiveSummary, sentencesOf } from "../../../src/core/consolidation/extractive-summary";

const termsOf = (text: string): Set<string> =>
	new Set(
		text
			.toLowerCase()
			.split(/\W+/)
			.filter((word) => word.length > 3),
	);

describe("extractiveSummary", () => {
	it("takes each member's key sentence, cites it, and merges a repeated one into one line with both citations", () => {
		const summary = extractiveSummary(
			[
				{
					link: "[[A]]",
					body: "Weather was nice. The billing consumer lagged because of rebalances after the rollout.",
				},
				{ link: "[[B]]", body: "The billing consumer lagged because of rebalances after a rollout." },
				{ link: "[[C]]", body: "We raised the session timeout of the billing consumer to stop the rebalances." },
			],
			termsOf,
			"Consolidated from 3 memories.",
		);
		expect(summary).toBe(
			"Consolidated from 3 memories.\n\n" +
				"- The billing consumer lagged because of rebalances after the rollout. ([[A]], [[B]])\n" +
				"- We raised the session timeout of the billing consumer to stop the rebalances. ([[C]])\n",
		);
	});

	it("splits sentences and drops list marks and fragments under three words", () => {
		expect(sentencesOf("# Deploy\n- First we paused the queue. Then it drained fully!\nok then")).toEqual([
			"First we paused the queue.",
			"Then it drained fully!",
		]);
	});
});
