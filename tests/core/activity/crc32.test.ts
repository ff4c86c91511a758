import fc from "fast-check";
import { crc32 as zlibCrc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32, crc32Hex } from "../../../src/core/activity/crc32";

describe("crc32", () => {
	it("matches the standard check value", () => {
		expect(crc32("123456789")).toBe(0xcbf43926);
		expect(crc32Hex("123456789")).toBe("cbf43926");
		expect(crc32Hex("")).toBe("00000000");
	});

	it("equals zlib's CRC-32 of the UTF-8 bytes for any string, lone surrogates included", () => {
		fc.assert(
			fc.property(fc.string({ unit: "binary" }), (text) => {
				expect(crc32(text)).toBe(zlibCrc32(Buffer.from(new TextEncoder().encode(text))));
			}),
			{ numRuns: 500 },
		);
		expect(crc32("a\ud800b")).toBe(zlibCrc32(Buffer.from("a\ufffdb", "utf8")));
		expect(crc32("🧠 Gedächtnis")).toBe(zlibCrc32(Buffer.from("🧠 Gedächtnis", "utf8")));
	});
});
