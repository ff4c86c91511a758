/** Obsidian's toast. The fake records every message in `Notice.messages` for tests to read. */
export class Notice {
	static readonly messages: string[] = [];
	message: string;
	hidden = false;

	constructor(message: string | DocumentFragment, readonly duration?: number) {
		this.message = typeof message === "string" ? message : (message.textContent ?? "");
		Notice.messages.push(this.message);
	}

	setMessage(message: string | DocumentFragment): this {
		this.message = typeof message === "string" ? message : (message.textContent ?? "");
		Notice.messages.push(this.message);
		return this;
	}

	hide(): void {
		this.hidden = true;
	}
}
