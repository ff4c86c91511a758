import { spawn } from "node:child_process";
import { setPriority } from "node:os";

/** How an editor saves: `>>` (append), `>` (truncate, then write in two parts), or a temp file renamed over the note. */
export type EditorStyle = "append" | "truncate" | "rename";
export const EDITOR_STYLES: readonly EditorStyle[] = ["append", "truncate", "rename"];

/**
 * The editor, run as its own process (as a user's editor is): edit i adds the line `user edit i`,
 * then waits `pauseMs` plus 0–2 ms. The truncate style reads the note, truncates it and writes
 * the text in two parts, as editors that save in place do; the rename style writes
 * `<note>.user-<i>.swp` and renames it over the note.
 */
const EDITOR_SOURCE = `
const fs = require("node:fs");
const { path, style, edits, pauseMs } = JSON.parse(process.argv[1]);
const sleeper = new Int32Array(new SharedArrayBuffer(4));
for (let i = 0; i < edits; i++) {
	const line = "user edit " + i + "\\n";
	if (style === "append") fs.appendFileSync(path, line);
	else {
		const text = fs.readFileSync(path, "utf8") + line;
		if (style === "rename") {
			const temp = path + ".user-" + i + ".swp";
			fs.writeFileSync(temp, text);
			fs.renameSync(temp, path);
		} else {
			const fd = fs.openSync(path, "w");
			const half = Math.floor(text.length / 2);
			fs.writeSync(fd, text.slice(0, half));
			fs.writeSync(fd, text.slice(half));
			fs.closeSync(fd);
		}
	}
	Atomics.wait(sleeper, 0, 0, pauseMs + (i % 3));
}
`;

/**
 * Runs the editor on the note at `path` until it has made `edits` edits; rejects with its stderr
 * if it fails. `nice` (0–19) lowers its priority: beside a CPU hog it is then descheduled more
 * often and for longer, also between opening the note and writing it.
 */
export function runNoteEditor(
	path: string,
	style: EditorStyle,
	edits: number,
	pauseMs: number,
	nice = 0,
): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ["-e", EDITOR_SOURCE, JSON.stringify({ path, style, edits, pauseMs })], {
			stdio: ["ignore", "ignore", "pipe"],
		});
		if (nice !== 0 && child.pid !== undefined) setPriority(child.pid, nice);
		let stderr = "";
		child.stderr.setEncoding("utf8");
		child.stderr.on("data", (chunk: string) => (stderr += chunk));
		child.on("error", reject);
		child.on("exit", (code, signal) => {
			if (code === 0) resolve();
			else reject(new Error(`the ${style} editor stopped (${signal ?? `exit code ${code}`}):\n${stderr}`));
		});
	});
}
