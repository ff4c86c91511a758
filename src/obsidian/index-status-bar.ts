/** What the memory index shows while it works; the status bar item in the app. */
export interface IndexStatusView {
	showProgress(done: number, total: number): void;
	showCounts(notes: number, links: number): void;
	showFailure(reason: string): void;
	/** The index answers but nothing is written: another process took the vault's writer lock over. */
	showReadOnly(notes: number, reason: string): void;
}

function count(n: number, singular: string, plural: string): string {
	return `${n} ${n === 1 ? singular : plural}`;
}

/** "Memory: 120 notes · 340 links" in the status bar, with progress while indexing. */
export class IndexStatusBar implements IndexStatusView {
	private lastPercent = -1;

	constructor(private readonly el: HTMLElement) {
		el.setText("Memory: waiting for the vault");
	}

	showProgress(done: number, total: number): void {
		if (total === 0) {
			this.lastPercent = -1;
			this.el.setText("Memory: indexing");
			return;
		}
		const percent = Math.floor((done / total) * 100);
		if (percent === this.lastPercent) return;
		this.lastPercent = percent;
		this.el.setText(`Memory: indexing ${done}/${total}`);
		this.el.setAttr("aria-label", `Causal Memory is indexing the vault (${percent}%)`);
	}

	showCounts(notes: number, links: number): void {
		this.lastPercent = -1;
		this.el.setText(`Memory: ${count(notes, "note", "notes")} · ${count(links, "link", "links")}`);
		this.el.setAttr("aria-label", "Causal Memory: click to open the memory view");
	}

	showFailure(reason: string): void {
		this.lastPercent = -1;
		this.el.setText("Memory: index failed");
		this.el.setAttr("aria-label", reason);
	}

	showReadOnly(notes: number, reason: string): void {
		this.lastPercent = -1;
		this.el.setText(`Memory: ${count(notes, "note", "notes")} · read only`);
		this.el.setAttr("aria-label", reason);
	}
}
