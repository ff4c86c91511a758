import { describe, expect, it } from "vitest";
import { foldText, isCjkTerm, stemTerm, tokenize } from "../../../../src/core/recall/keyword/tokenize";
import { ENGLISH_STOP_WORDS } from "../../../../src/core/model/stop-words";

describe("tokenize", () => {
	it("lower-cases and splits on anything that is not a letter or digit", () => {
		expect(tokenize("Hello, World! (2024) a+b=c")).toEqual(["hello", "world", "2024", "a", "b", "c"]);
	});

	it("folds accents and compatibility forms so café matches cafe", () => {
		expect(tokenize("Café Crème naïve")).toEqual(["cafe", "creme", "naive"]);
		expect(tokenize("Straße Øre ﬁne ＡＢＣ İstanbul")).toEqual(["strasse", "ore", "fine", "abc", "istanbul"]);
		expect(foldText("Ärger")).toBe("Arger");
	});

	it("keeps marks that belong to the letter in other scripts", () => {
		expect(tokenize("हिंदी")).toEqual(["हिंदी"]);
		expect(tokenize("データ")).toEqual(["デー", "ータ"]);
	});

	it("splits camelCase and keeps the whole word", () => {
		expect(tokenize("retentionScore")).toEqual(["retention", "score", "retentionscore"]);
		expect(tokenize("XMLHttpRequest")).toEqual(["xml", "http", "request", "xmlhttprequest"]);
		expect(tokenize("mp3Player")).toEqual(["mp3", "player", "mp3player"]);
		expect(tokenize("Hello HELLO")).toEqual(["hello", "hello"]);
	});

	it("splits hyphens and underscores and keeps the joined word", () => {
		expect(tokenize("offline-first")).toEqual(["offline", "first", "offlinefirst"]);
		expect(tokenize("snake_case")).toEqual(["snake", "case", "snakecase"]);
	});

	it("joins digit groups so 50,000 matches 50000", () => {
		expect(tokenize("$50,000")).toEqual(["50", "000", "50000"]);
		expect(tokenize("ends here. Next")).toEqual(["ends", "here", "next"]);
	});

	it("drops apostrophes and the possessive 's", () => {
		expect(tokenize("Alice's plan, don't")).toEqual(["alice", "plan", "dont"]);
		expect(tokenize("it’s")).toEqual(["it"]);
	});

	it("turns Han, kana and Hangul runs into bigrams and a lone character into a unigram", () => {
		expect(tokenize("会議メモ")).toEqual(["会議", "議メ", "メモ"]);
		expect(tokenize("회의를")).toEqual(["회의", "의를"]);
		expect(tokenize("会")).toEqual(["会"]);
		expect(tokenize("Reactの使い方")).toEqual(["react", "の使", "使い", "い方"]);
	});

	it("drops terms too long to be words", () => {
		expect(tokenize(`x ${"a".repeat(65)} y`)).toEqual(["x", "y"]);
	});

	it("recognises CJK terms", () => {
		expect(isCjkTerm("会議")).toBe(true);
		expect(isCjkTerm("cafe")).toBe(false);
	});

	it("ships stop words that survive its own tokenizing", () => {
		expect(ENGLISH_STOP_WORDS).toContain("the");
		for (const word of ENGLISH_STOP_WORDS) expect(tokenize(word)).toEqual([word]);
	});
});

describe("stemTerm", () => {
	it("reduces English inflections to one stem", () => {
		for (const word of ["plan", "plans", "planned", "planning"]) expect(stemTerm(word)).toBe("plan");
		expect(stemTerm("adoption")).toBe(stemTerm("adopted"));
	});

	it("leaves terms that are not lower-case ASCII words of three or more letters", () => {
		for (const term of ["is", "item7", "2024", "会議", "café"]) expect(stemTerm(term)).toBe(term);
	});
});
