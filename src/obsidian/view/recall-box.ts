import { SearchComponent } from "obsidian";
import { errorMessage } from "../../core/model/error-message";
import { formatScore } from "../../core/lifecycle/format";
import type { RecallResult } from "../../core/recall/recall-types";
import type { MemoryActions } from "../memory-actions";
import { noteLink, smallButton, statusPill } from "./view-parts";
import { whyText } from "./view-text";

const RESULTS = 8;

/**
 * Type a question, see what an agent's recall would return, each hit with why; read-only
 * (nothing is reactivated), and a hit opens its note.
 */
export class RecallBox {
	private readonly search: SearchComponent;
	private readonly resultsEl: HTMLElement;
	private latest = 0;

	constructor(
		el: HTMLElement,
		private readonly actions: MemoryActions,
	) {
		const row = el.createDiv({ cls: "cmv-recall-row" });
		this.search = new SearchComponent(row).setPlaceholder("What would an agent recall for…");
		this.search.inputEl.addEventListener("keydown", (evt) => {
			if (evt.key === "Enter") void this.run(this.search.getValue());
		});
		smallButton(row, "Recall", () => this.run(this.search.getValue()));
		this.resultsEl = el.createDiv({ cls: "cmv-recall-results" });
	}

	async run(query: string): Promise<void> {
		this.search.setValue(query);
		const run = ++this.latest;
		const engine = this.actions.engine();
		this.resultsEl.empty();
		if (query.trim() === "") return;
		if (!engine) {
			this.resultsEl.createDiv({ cls: "cmv-empty", text: "The memory index is being built…" });
			return;
		}
		let result: RecallResult;
		try {
			result = await engine.recall(query, { k: RESULTS, readOnly: true });
		} catch (error) {
			if (run === this.latest)
				this.resultsEl.createDiv({ cls: "cmv-empty", text: `Recall failed: ${errorMessage(error)}` });
			return;
		}
		// A newer question was asked while this one ran.
		if (run !== this.latest) return;
		this.render(result);
	}

	private render(result: RecallResult): void {
		const el = this.resultsEl;
		el.createDiv({
			cls: "cmv-small cmv-muted",
			text: `${result.results.length} ${result.results.length === 1 ? "memory" : "memories"} · ${result.mode}${result.embeddingsPending > 0 ? ` · ${result.embeddingsPending} notes waiting for embeddings` : ""} · read-only`,
		});
		if (!result.vector) this.keywordOnly(el, result.embeddingsPending);
		const list = el.createEl("ol", { cls: "cmv-list cmv-hits" });
		for (const hit of result.results) {
			const item = list.createEl("li", { cls: hit.lowConfidence ? "cmv-hit cmv-low" : "cmv-hit" });
			const top = item.createDiv({ cls: "cmv-hit-top" });
			noteLink(top, hit.path, hit.title, this.actions);
			statusPill(top, hit.status);
			top.createSpan({ cls: "cmv-muted cmv-small", text: ` score ${formatScore(hit.score)}` });
			item.createDiv({ cls: "cmv-small", text: whyText(hit.why) });
			if (hit.supersededBy)
				item.createDiv({ cls: "cmv-small cmv-muted", text: `superseded by ${hit.supersededBy.join(", ")}` });
		}
	}

	/** One line saying the answer matched words and links only, with why, and the action that turns meaning on. */
	private keywordOnly(el: HTMLElement, pending: number): void {
		const line = el.createDiv({ cls: "cmv-small cmv-muted cmv-keyword-only" });
		const semantic = this.actions.semanticRecall;
		const state = semantic?.state().kind ?? "off";
		if (pending > 0 || state === "ready") {
			line.setText(
				`Keyword and graph only — ${pending} ${pending === 1 ? "note is" : "notes are"} waiting for embeddings`,
			);
		} else if (state === "downloading" || state === "loading") {
			line.setText("Keyword and graph only — the semantic recall model is loading");
		} else {
			line.setText("Keyword and graph only — ");
			if (semantic) smallButton(line, "Turn on semantic recall", () => semantic.turnOnWithNotice());
			else line.appendText("turn on semantic recall in the settings");
		}
	}
}
