import { describe, expect, it } from "vitest";
import { isBinaryText, refusedCharacter, withoutBidiControls } from "../../../src/core/model/note-text-rules";

describe("note text rules", () => {
	it("takes text with NUL for binary, and nothing else", () => {
		expect(isBinaryText("a\u0000b")).toBe(true);
		expect(isBinaryText("a\u0001b\u007f\uFFFD")).toBe(false);
	});

	it("refuses the first control character other than tab and line breaks, and lone surrogates", () => {
		expect(refusedCharacter("tab\tlf\ncr\r emoji 😀 bidi \u202E ok")).toBeNull();
		expect(refusedCharacter("ab\u0000c\u0007")).toEqual({ index: 2, name: "U+0000 (NUL)" });
		expect(refusedCharacter("x\u000b")).toEqual({ index: 1, name: "U+000B (a control character)" });
		expect(refusedCharacter("x\u009b")).toEqual({ index: 1, name: "U+009B (a control character)" });
		expect(refusedCharacter("😀\udc00")).toEqual({ index: 2, name: "U+DC00 (a lone surrogate)" });
	});

	it("drops every bidi control and keeps everything else", () => {
		expect(
			withoutBidiControls("a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u200Eg\u2067h\u2068i\u2069j\u200Ek\u200Fl\u061Cm"),
		).toBe("abcdefghijklm");
		expect(withoutBidiControls("שלום world 👩‍👩‍👧")).toBe("שלום world 👩‍👩‍👧");
	});
});
