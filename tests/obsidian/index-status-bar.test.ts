import { describe, expect, it } from "vitest";
import { IndexStatusBar } from "../../src/obsidian/index-status-bar";
import { FakeElement } from "../fakes/obsidian";

function bar(): { el: FakeElement; status: IndexStatusBar; texts: string[] } {
	const el = new FakeElement();
	const texts: string[] = [];
	const setText = el.setText.bind(el);
	el.setText = (text: string) => {
		texts.push(text);
		setText(text);
	};
	return { el, status: new IndexStatusBar(el as unknown as HTMLElement), texts };
}

describe("IndexStatusBar", () => {
	it("shows progress at most once per percent, then the counts", () => {
		const { el, status, texts } = bar();
		status.showProgress(0, 0);
		expect(el.getText()).toBe("Memory: indexing");
		texts.length = 0;
		for (let done = 0; done <= 1000; done++) status.showProgress(done, 1000);
		expect(texts.length).toBe(101);
		expect(texts.at(-1)).toBe("Memory: indexing 1000/1000");
		status.showCounts(1, 1);
		expect(el.getText()).toBe("Memory: 1 note · 1 link");
		status.showCounts(2500, 7);
		expect(el.getText()).toBe("Memory: 2500 notes · 7 links");
	});

	it("says when indexing failed and keeps the reason for the tooltip", () => {
		const { el, status } = bar();
		expect(el.getText()).toBe("Memory: waiting for the vault");
		status.showFailure("disk on fire");
		expect(el.getText()).toBe("Memory: index failed");
		expect(el.getAttr("aria-label")).toBe("disk on fire");
	});

	it("says when the vault is read only here, with the reason in the tooltip", () => {
		const { el, status } = bar();
		status.showReadOnly(12, "taken over by causal-memory serve (pid 7 on box)");
		expect(el.getText()).toBe("Memory: 12 notes · read only");
		expect(el.getAttr("aria-label")).toBe("taken over by causal-memory serve (pid 7 on box)");
	});
});
