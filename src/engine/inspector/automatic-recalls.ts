import type { ShownEvent } from "../../core/hooks/shown-notification";

/** What a Claude Code hook showed Claude (or the session note it saved), as the hook reported it. */
export interface AutomaticRecall {
	at: number;
	event: ShownEvent;
	/** The prompt's first characters; empty at session start. */
	excerpt: string;
	/** The memories shown, or the session note saved. */
	ids: string[];
}

/** The last reports of the hooks, newest first, kept in memory only (the memory view lists them). */
export class AutomaticRecalls {
	private readonly entries: AutomaticRecall[] = [];

	constructor(private readonly keep = 20) {}

	add(entry: AutomaticRecall): void {
		this.entries.unshift(entry);
		if (this.entries.length > this.keep) this.entries.length = this.keep;
	}

	recent(limit: number): AutomaticRecall[] {
		return this.entries.slice(0, limit);
	}
}
