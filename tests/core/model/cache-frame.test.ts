import { describe, expect, it } from "vitest";
import { frameCache, unframeCache } from "../../../src/core/model/cache-frame";

const HEADER = { format: 2, signature: "abc" };
const BODY = new Uint8Array([1, 2, 10, 255, 0]);

describe("cache frame", () => {
	it("gives back the body it framed, newlines in the body included", () => {
		const unframed = unframeCache(frameCache(HEADER, BODY), HEADER);
		expect("body" in unframed && [...unframed.body]).toEqual([1, 2, 10, 255, 0]);
	});

	it("names what is wrong, checking header, format, signature, then length", () => {
		const framed = frameCache(HEADER, BODY);
		expect(unframeCache(BODY, HEADER)).toEqual({ problem: "no header" });
		expect(unframeCache(new TextEncoder().encode("not json\n"), HEADER)).toEqual({ problem: "no header" });
		expect(unframeCache(framed, { ...HEADER, format: 3 })).toEqual({ problem: "format", found: "2" });
		expect(unframeCache(framed, { ...HEADER, signature: "abd" })).toEqual({ problem: "signature" });
		expect(unframeCache(framed.subarray(0, framed.byteLength - 2), HEADER)).toEqual({
			problem: "partial",
			got: 3,
			expected: "5",
		});
	});
});
