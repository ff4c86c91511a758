import { AbstractTextComponent } from "./text-component";

/** Obsidian's SearchComponent: a search input with a clear button. */
export class SearchComponent extends AbstractTextComponent<HTMLInputElement> {
	clearButtonEl: HTMLElement;

	constructor(containerEl: HTMLElement) {
		const wrapper = containerEl.createDiv({ cls: "search-input-container" });
		super(wrapper.createEl("input", { type: "search", attr: { enterkeyhint: "search", spellcheck: "false" } }));
		this.clearButtonEl = wrapper.createDiv({ cls: "search-input-clear-button" });
		this.clearButtonEl.addEventListener("click", () => {
			this.setValue("");
			this.onChanged();
		});
	}

	override onChanged(): void {
		this.clearButtonEl.toggle(this.getValue() !== "");
		super.onChanged();
	}
}
