import { FuzzySuggestModal, parseFrontMatterAliases, type App, type TFile } from "obsidian";

/** A note to pick, by its path or one of its aliases. */
export interface NoteChoice {
	file: TFile;
	alias: string | null;
}

/**
 * Obsidian's fuzzy note suggester over the notes `include` lets through: each note by its path
 * (without `.md`) and by each of its aliases, as the app's own link suggester offers them.
 */
export class NoteSuggestModal extends FuzzySuggestModal<NoteChoice> {
	constructor(
		app: App,
		placeholder: string,
		private readonly include: (file: TFile) => boolean,
		private readonly choose: (file: TFile) => void,
	) {
		super(app);
		this.setPlaceholder(placeholder);
		this.emptyStateText = "No note matches.";
	}

	getItems(): NoteChoice[] {
		const choices: NoteChoice[] = [];
		for (const file of this.app.vault.getMarkdownFiles()) {
			if (!this.include(file)) continue;
			choices.push({ file, alias: null });
			const aliases = parseFrontMatterAliases(this.app.metadataCache.getFileCache(file)?.frontmatter ?? null);
			for (const alias of aliases ?? []) choices.push({ file, alias });
		}
		return choices;
	}

	getItemText(choice: NoteChoice): string {
		return choice.alias ?? choice.file.path.replace(/\.md$/i, "");
	}

	override renderSuggestion(match: { item: NoteChoice }, el: HTMLElement): void {
		const { file, alias } = match.item;
		el.addClass("cmv-suggestion");
		el.createDiv({ cls: "cmv-suggestion-title", text: alias ?? file.basename });
		el.createDiv({ cls: "cmv-small cmv-muted", text: alias === null ? file.path : `alias of ${file.path}` });
	}

	onChooseItem(choice: NoteChoice): void {
		this.choose(choice.file);
	}
}
