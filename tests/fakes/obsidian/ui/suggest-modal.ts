import type { App } from "../app";
import { Modal } from "./modal";

export interface Instruction {
	command: string;
	purpose: string;
}

export interface FuzzyMatch<T> {
	item: T;
	match: { score: number; matches: [number, number][] };
}

/**
 * Obsidian's SuggestModal: an input above a list of suggestions (`.prompt-input`,
 * `.suggestion-item` in `.prompt-results`), rendered for the input's value on open and on each
 * `input` event; a click on a suggestion closes the modal and chooses it. At most `limit` shown.
 */
export abstract class SuggestModal<T> extends Modal {
	limit = 50;
	emptyStateText = "No results found.";
	inputEl!: HTMLInputElement;
	resultContainerEl!: HTMLElement;
	private suggestions: T[] = [];
	/** Fake-only: settles once the suggestions for the latest input are drawn. */
	rendered: Promise<void> = Promise.resolve();

	constructor(app: App) {
		super(app);
		if (typeof document === "undefined") return;
		this.modalEl.addClass("prompt");
		this.inputEl = createEl("input", { cls: "prompt-input", attr: { type: "text" } });
		this.modalEl.insertBefore(this.inputEl, this.contentEl);
		this.resultContainerEl = this.modalEl.createDiv({ cls: "prompt-results" });
		this.inputEl.addEventListener("input", () => this.update());
	}

	setPlaceholder(placeholder: string): void {
		this.inputEl.setAttribute("placeholder", placeholder);
	}

	setInstructions(instructions: Instruction[]): void {
		const el = this.modalEl.createDiv({ cls: "prompt-instructions" });
		for (const instruction of instructions) {
			const row = el.createDiv({ cls: "prompt-instruction" });
			row.createSpan({ cls: "prompt-instruction-command", text: instruction.command });
			row.createSpan({ text: instruction.purpose });
		}
	}

	override open(): void {
		super.open();
		if (typeof document !== "undefined") this.update();
	}

	onNoSuggestion(): void {
		this.resultContainerEl.createDiv({ cls: "suggestion-empty", text: this.emptyStateText });
	}

	selectSuggestion(value: T, evt: MouseEvent | KeyboardEvent): void {
		this.close();
		this.onChooseSuggestion(value, evt);
	}

	selectActiveSuggestion(evt: MouseEvent | KeyboardEvent): void {
		const first = this.suggestions[0];
		if (first !== undefined) this.selectSuggestion(first, evt);
	}

	abstract getSuggestions(query: string): T[] | Promise<T[]>;
	abstract renderSuggestion(value: T, el: HTMLElement): void;
	abstract onChooseSuggestion(item: T, evt: MouseEvent | KeyboardEvent): void;

	private update(): void {
		const query = this.inputEl.value;
		this.rendered = Promise.resolve(this.getSuggestions(query)).then((suggestions) => {
			if (this.inputEl.value !== query) return;
			this.suggestions = suggestions.slice(0, this.limit);
			this.resultContainerEl.empty();
			if (this.suggestions.length === 0) return this.onNoSuggestion();
			for (const suggestion of this.suggestions) {
				const el = this.resultContainerEl.createDiv({ cls: "suggestion-item" });
				this.renderSuggestion(suggestion, el);
				el.addEventListener("click", (evt) => this.selectSuggestion(suggestion, evt));
			}
		});
	}
}

/**
 * Obsidian's FuzzySuggestModal over `getItems()`: an item matches when the query's characters
 * appear in its `getItemText` in order (case-insensitive), best (most compact, earliest) first;
 * an empty query lists every item in order.
 */
export abstract class FuzzySuggestModal<T> extends SuggestModal<FuzzyMatch<T>> {
	getSuggestions(query: string): FuzzyMatch<T>[] {
		const matches: FuzzyMatch<T>[] = [];
		for (const item of this.getItems()) {
			const match = fuzzyMatch(query, this.getItemText(item));
			if (match) matches.push({ item, match });
		}
		return query.trim() === "" ? matches : matches.sort((a, b) => b.match.score - a.match.score);
	}

	renderSuggestion(item: FuzzyMatch<T>, el: HTMLElement): void {
		el.setText(this.getItemText(item.item));
	}

	onChooseSuggestion(item: FuzzyMatch<T>, evt: MouseEvent | KeyboardEvent): void {
		this.onChooseItem(item.item, evt);
	}

	abstract getItems(): T[];
	abstract getItemText(item: T): string;
	abstract onChooseItem(item: T, evt: MouseEvent | KeyboardEvent): void;
}

function fuzzyMatch(query: string, text: string): FuzzyMatch<unknown>["match"] | null {
	const wanted = query.toLowerCase().replace(/\s+/g, "");
	const lower = text.toLowerCase();
	const matches: [number, number][] = [];
	let at = 0;
	for (const char of wanted) {
		const found = lower.indexOf(char, at);
		if (found === -1) return null;
		const last = matches[matches.length - 1];
		if (last && last[1] === found) last[1] = found + 1;
		else matches.push([found, found + 1]);
		at = found + 1;
	}
	const span = matches.length === 0 ? 0 : matches[matches.length - 1][1] - matches[0][0];
	return { score: -(span - wanted.length) - matches.length - (matches[0]?.[0] ?? 0) / 100, matches };
}
