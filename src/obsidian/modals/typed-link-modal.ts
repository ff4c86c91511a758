import { FuzzySuggestModal, type App } from "obsidian";
import { edgePhrase } from "../../core/graph/edge-phrases";
import type { EdgeType } from "../../core/model/edge-types";

/** A typed link a note states in its properties: what removing it takes away. */
export interface TypedLinkChoice {
	target: string;
	targetTitle: string;
	type: EdgeType;
}

/** Picks one of a note's typed links ("caused by Deploy"), fuzzy by its words. */
export class TypedLinkModal extends FuzzySuggestModal<TypedLinkChoice> {
	constructor(
		app: App,
		private readonly links: readonly TypedLinkChoice[],
		private readonly choose: (link: TypedLinkChoice) => void,
	) {
		super(app);
		this.setPlaceholder("Which link should go?");
		this.emptyStateText = "No typed link matches.";
	}

	getItems(): TypedLinkChoice[] {
		return [...this.links];
	}

	getItemText(link: TypedLinkChoice): string {
		return `${edgePhrase(link.type, "out")} ${link.targetTitle}`;
	}

	override renderSuggestion(match: { item: TypedLinkChoice }, el: HTMLElement): void {
		const link = match.item;
		el.addClass("cmv-suggestion");
		const title = el.createDiv({ cls: "cmv-suggestion-title" });
		title.createSpan({ cls: ["cmv-edge", `cmv-edge-${link.type}`], text: link.type });
		title.createSpan({ text: ` ${link.targetTitle}` });
		el.createDiv({ cls: "cmv-small cmv-muted", text: link.target });
	}

	onChooseItem(link: TypedLinkChoice): void {
		this.choose(link);
	}
}
