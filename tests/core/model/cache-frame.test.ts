import { describe, expect, it } from "vitest";
import { collectedBytes } from "../../../src/core/model/cache-store";
import { cacheFrameParts, frameCache, streamedCacheFrame, unframeCache } from "../../../src/core/model/cache-frame";

const HEADER = { format: 2, signature: "abc" };
const BODY = new Uint8Array([1, 2, 10, 255, 0]);

describe("cache frame", () => {
	it("gives back the body it framed, newlines in the body included", () => {
		const unframed = unframeCache(frameCache(HEADER, BODY), HEADER);
		expect("body" in unframed && [...unframed.body]).toEqual([1, 2, 10, 255, 0]);
	});

	it("frames in two parts, the body itself after a header line padded to 8 bytes, so the body read back is aligned", () => {
		for (const signature of ["", "a", "abcdefgh", "signature of any length"]) {
			const [head, body] = cacheFrameParts({ ...HEADER, signature }, BODY);
			expect(body).toBe(BODY);
			expect(head.byteLength % 8).toBe(0);
			const whole = frameCache({ ...HEADER, signature }, BODY);
			expect(whole).toEqual(new Uint8Array([...head, ...BODY]));
			const unframed = unframeCache(whole, { ...HEADER, signature });
			expect("body" in unframed && unframed.body.byteOffset % 8).toBe(0);
		}
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

	it("frames a streamed body with a header line that has no length: the body, cut or not, is what follows it", async () => {
		async function* body(): AsyncGenerator<Uint8Array> {
			yield BODY.subarray(0, 2);
			yield BODY.subarray(2);
		}
		const whole = await collectedBytes(streamedCacheFrame(HEADER, body()));
		const newline = whole.indexOf(10);
		expect(JSON.parse(new TextDecoder().decode(whole.subarray(0, newline)))).toEqual(HEADER);
		expect((newline + 1) % 8).toBe(0);
		const unframed = unframeCache(whole, HEADER);
		expect("body" in unframed && [...unframed.body]).toEqual([1, 2, 10, 255, 0]);
		// The body's own trailer must say it was cut.
		const cut = unframeCache(whole.subarray(0, whole.length - 2), HEADER);
		expect("body" in cut && [...cut.body]).toEqual([1, 2, 10]);
		expect(unframeCache(whole, { ...HEADER, format: 3 })).toEqual({ problem: "format", found: "2" });
	});
});
