import { describe, expect, it } from "vitest";
import { slicedChecksum, StreamChecksum, WorkSlicer } from "../../../src/core/util/sliced-work";

describe("StreamChecksum", () => {
	const data = Uint8Array.from({ length: 4_096 }, (_, i) => (i * 131 + 7) % 256);

	it("gives slicedChecksum's value over pieces of any length and alignment, words straddling pieces", async () => {
		const whole = await slicedChecksum(data, 0, new WorkSlicer(undefined));
		for (const cuts of [[], [1], [3, 4, 5], [7, 8, 13, 100, 101, 2_047], [4_095]]) {
			const checksum = new StreamChecksum();
			let from = 0;
			for (const to of [...cuts, data.length]) {
				// Each piece at an odd offset of a buffer of its own, as a subarray of a chunk may lie.
				const buffer = new Uint8Array(to - from + 1);
				buffer.set(data.subarray(from, to), 1);
				await checksum.add(buffer.subarray(1), new WorkSlicer(undefined));
				from = to;
			}
			expect(checksum.value).toBe(whole);
		}
	});

	it("refuses a value when the data stops inside a word", async () => {
		const checksum = new StreamChecksum();
		await checksum.add(data.subarray(0, 6), new WorkSlicer(undefined));
		expect(() => checksum.value).toThrow(/word boundary/);
	});
});
