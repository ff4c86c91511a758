import { Component } from "../component";

/** Obsidian's MenuItem, keeping what a test needs to find and click it. */
export class MenuItem {
	title = "";
	icon: string | null = null;
	section = "";
	private callback: ((evt: MouseEvent | KeyboardEvent) => unknown) | null = null;

	setTitle(title: string | DocumentFragment): this {
		this.title = typeof title === "string" ? title : (title.textContent ?? "");
		return this;
	}

	setIcon(icon: string | null): this {
		this.icon = icon;
		return this;
	}

	setSection(section: string): this {
		this.section = section;
		return this;
	}

	onClick(callback: (evt: MouseEvent | KeyboardEvent) => unknown): this {
		this.callback = callback;
		return this;
	}

	/** Fake-only: the user picks the item. */
	click(): void {
		void this.callback?.({} as MouseEvent);
	}
}

/** Obsidian's Menu: items are collected, never drawn. Fake-only: `items`, `item(title)`. */
export class Menu extends Component {
	readonly items: MenuItem[] = [];

	addItem(cb: (item: MenuItem) => unknown): this {
		const item = new MenuItem();
		cb(item);
		this.items.push(item);
		return this;
	}

	addSeparator(): this {
		return this;
	}

	showAtMouseEvent(_evt: MouseEvent): this {
		return this;
	}

	/** Fake-only: the item titled `title`; throws when there is none. */
	item(title: string): MenuItem {
		const found = this.items.find((item) => item.title === title);
		if (!found) throw new Error(`no menu item "${title}" in ${this.items.map((item) => item.title).join(", ")}`);
		return found;
	}
}
