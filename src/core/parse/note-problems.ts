import { isBinaryText } from "../model/note-text-rules";
import type { LoadedNote } from "../model/vault";

export interface NoteProblem {
	message: string;
	/** Skip the note entirely (true) or index it and only warn (false). */
	skip: boolean;
}

/** Problems worth telling the user about; the note file itself is never touched. */
export function noteProblems(note: LoadedNote): NoteProblem | null {
	if (isBinaryText(note.content)) {
		return { message: "skipped: the file contains NUL bytes, so it is binary rather than markdown", skip: true };
	}
	if (note.content.includes("\uFFFD")) {
		return { message: "indexed, but the file is not valid UTF-8: unreadable bytes were replaced", skip: false };
	}
	if (note.parsed.frontmatterError !== undefined) {
		return {
			message: `indexed without its properties: the frontmatter is not valid YAML (${note.parsed.frontmatterError})`,
			skip: false,
		};
	}
	return null;
}
