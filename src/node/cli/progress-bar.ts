export interface ProgressBar {
	update: (done: number, total: number) => void;
	done: () => void;
}

/** A one-line progress bar on a terminal; plain, rare lines when the stream is not a TTY (CI logs). */
export function progressBar(stream: NodeJS.WriteStream, label: string, width = 30): ProgressBar {
	let lastPercent = -1;
	let lastDrawn = 0;
	const update = (done: number, total: number): void => {
		const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
		if (percent === lastPercent) return;
		lastPercent = percent;
		if (!stream.isTTY) {
			if (percent >= lastDrawn + 25 || done === total) {
				stream.write(`${label}: ${done}/${total} notes\n`);
				lastDrawn = percent;
			}
			return;
		}
		const filled = Math.round((percent / 100) * width);
		stream.write(`\r${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${percent}% ${done}/${total}`);
	};
	const done = (): void => {
		if (stream.isTTY) stream.write("\n");
	};
	return { update, done };
}
