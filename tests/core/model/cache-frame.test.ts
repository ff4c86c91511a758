import { describe, expect, it } from "vitest";
import { streamedCacheFrame, unframeCache } from "../../../src/core/model/cache-frame";
import { collectedBytes } from "../../../src/core/model/cache-store";

const HEADER = { format: 2, signature: "abc" };
const BODY = new Uint8Array([1, 2, 10, 255, 0]);

async function* pieces(): AsyncGenerator<Uint8Array> {
	yield BODY.subarray(0, 2);
	yield BODY.subarray(2);
}

function framed(header = HEADER): Promise<Uint8Array> {
	return collectedBytes(streamedCacheFrame(header, pieces()));
}

describe("cache frame", () => {
	it("gives back the body it framed, newlines in the body included, after a header line padded to 8 bytes", async () => {
		for (const signature of ["", "a", "abcdefgh", "signature of any length"]) {
			const whole = await framed({ ...HEADER, signature });
			const newline = whole.indexOf(10);
			expect(JSON.parse(new TextDecoder().decode(whole.subarray(0, newline)))).toEqual({ ...HEADER, signature });
			expect((newline + 1) % 8).toBe(0);
			const unframed = unframeCache(whole, { ...HEADER, signature });
			expect("body" in unframed && [...unframed.body]).toEqual([1, 2, 10, 255, 0]);
		}
	});

	it("names what is wrong, checking header, format, then signature; a cut body is for its own trailer to find", async () => {
		const whole = await framed();
		expect(unframeCache(BODY, HEADER)).toEqual({ problem: "no header" });
		expect(unframeCache(new TextEncoder().encode("not json\n"), HEADER)).toEqual({ problem: "no header" });
		expect(unframeCache(whole, { ...HEADER, format: 3 })).toEqual({ problem: "format", found: "2" });
		expect(unframeCache(whole, { ...HEADER, signature: "abd" })).toEqual({ problem: "signature" });
		const cut = unframeCache(whole.subarray(0, whole.length - 2), HEADER);
		expect("body" in cut && [...cut.body]).toEqual([1, 2, 10]);
	});
});
