import { SuggestModal, type App } from "obsidian";
import { edgePhrase } from "../../core/graph/edge-phrases";
import { EDGE_TYPE_INFO, EDGE_TYPES, type EdgeType } from "../../core/model/edge-types";

/** The six link types, each with what it says about the two notes ("Outage caused by Deploy") and its meaning. */
export class EdgeTypeModal extends SuggestModal<EdgeType> {
	constructor(
		app: App,
		private readonly sourceTitle: string,
		private readonly targetTitle: string,
		private readonly choose: (type: EdgeType) => void,
	) {
		super(app);
		this.setPlaceholder(`How does ${sourceTitle} relate to ${targetTitle}?`);
		this.emptyStateText = `No link type matches; the types are ${EDGE_TYPES.join(", ")}.`;
	}

	getSuggestions(query: string): EdgeType[] {
		const words = query.trim().toLowerCase();
		return EDGE_TYPES.filter(
			(type) =>
				words === "" ||
				type.includes(words.replace(/\s+/g, "_")) ||
				edgePhrase(type, "out").includes(words) ||
				EDGE_TYPE_INFO[type].meaning.includes(words),
		);
	}

	renderSuggestion(type: EdgeType, el: HTMLElement): void {
		el.addClass("cmv-suggestion");
		const title = el.createDiv({ cls: "cmv-suggestion-title" });
		title.createSpan({ cls: ["cmv-edge", `cmv-edge-${type}`], text: type });
		title.createSpan({ text: ` ${this.sourceTitle} ${edgePhrase(type, "out")} ${this.targetTitle}` });
		el.createDiv({ cls: "cmv-small cmv-muted", text: meaningOf(type) });
	}

	onChooseSuggestion(type: EdgeType): void {
		this.choose(type);
	}
}

/** EDGE_TYPE_INFO's meaning as a sentence about "this note" and "the other". */
function meaningOf(type: EdgeType): string {
	const meaning = EDGE_TYPE_INFO[type].meaning.replace(/^the source/, "this note").replace(/the target$/, "the other");
	return `${meaning.charAt(0).toUpperCase()}${meaning.slice(1)}.`;
}
