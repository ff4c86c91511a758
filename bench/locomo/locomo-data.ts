import { readFile } from "node:fs/promises";
import { MONTH_NAMES } from "../../src/core/time/calendar";

/** One dialogue turn of a LoCoMo conversation. */
export interface LocomoTurn {
	/** "D<session>:<turn>", e.g. "D3:12". */
	diaId: string;
	session: number;
	speaker: string;
	text: string;
	/** The image the speaker shared, as BLIP described it. */
	caption?: string;
}

export interface LocomoSession {
	number: number;
	/** As written in the data, e.g. "1:56 pm on 8 May, 2023". */
	date: string;
	turns: LocomoTurn[];
}

interface LocomoQuestion {
	question: string;
	/** 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial. */
	category: number;
	/** dia ids of the turns that hold the answer (only ids that exist in the conversation). */
	evidence: string[];
}

export interface LocomoConversation {
	id: string;
	sessions: LocomoSession[];
	questions: LocomoQuestion[];
	/** Evidence ids in the data that name no turn of the conversation (dropped). */
	unknownEvidence: string[];
}

interface RawTurn {
	speaker: string;
	dia_id: string;
	text: string;
	blip_caption?: string;
}

interface RawSample {
	sample_id: string;
	conversation: Record<string, unknown>;
	qa: { question: string; category: number; evidence?: string[] }[];
}

/** Reads a LoCoMo file (the dataset's JSON list of samples) at run time; nothing of it is kept in the repo. */
export async function loadLocomo(path: string): Promise<LocomoConversation[]> {
	const raw = JSON.parse(await readFile(path, "utf8")) as RawSample[];
	if (!Array.isArray(raw)) throw new Error(`${path}: expected a JSON list of LoCoMo samples`);
	return raw.map(conversationOf);
}

function conversationOf(sample: RawSample): LocomoConversation {
	const sessions: LocomoSession[] = [];
	for (const [key, value] of Object.entries(sample.conversation)) {
		const match = /^session_(\d+)$/.exec(key);
		if (!match || !Array.isArray(value)) continue;
		const number = Number(match[1]);
		const date = sample.conversation[`session_${number}_date_time`];
		const turns = (value as RawTurn[]).map((turn) => turnOf(turn, number));
		sessions.push({ number, date: typeof date === "string" ? date : "", turns });
	}
	sessions.sort((a, b) => a.number - b.number);
	const ids = new Set(sessions.flatMap((session) => session.turns.map((turn) => turn.diaId)));
	const unknownEvidence: string[] = [];
	const questions = sample.qa.map((qa) => {
		const evidence: string[] = [];
		for (const id of (qa.evidence ?? []).flatMap(splitEvidence)) {
			if (ids.has(id)) evidence.push(id);
			else unknownEvidence.push(id);
		}
		return { question: qa.question, category: qa.category, evidence: [...new Set(evidence)] };
	});
	return { id: sample.sample_id, sessions, questions, unknownEvidence };
}

function turnOf(turn: RawTurn, session: number): LocomoTurn {
	const result: LocomoTurn = { diaId: turn.dia_id, session, speaker: turn.speaker, text: turn.text };
	if (typeof turn.blip_caption === "string" && turn.blip_caption.trim() !== "")
		result.caption = turn.blip_caption.trim();
	return result;
}

/** The data has a few malformed entries ("D8:6; D9:17", "D:11:26"): split and repair what is unambiguous. */
function splitEvidence(entry: string): string[] {
	return entry
		.split(/[;,\s]+/)
		.filter((id) => id !== "")
		.map((id) => id.replace(/^D:(\d+):(\d+)$/, "D$1:$2"));
}

/** The session number of a dia id ("D3:12" → 3). */
export function sessionOf(diaId: string): number {
	const match = /^D(\d+):/.exec(diaId);
	if (!match) throw new Error(`"${diaId}" is not a LoCoMo dialogue id (D<session>:<turn>)`);
	return Number(match[1]);
}

/** A session's date as the data writes it ("1:56 pm on 8 May, 2023") → ms since the epoch, UTC. */
export function sessionTime(date: string): number {
	const match = /^(\d{1,2}):(\d{2})\s*(am|pm) on (\d{1,2}) ([A-Za-z]+),? (\d{4})$/i.exec(date.trim());
	const month = match ? MONTH_NAMES.indexOf(match[5].toLowerCase()) : -1;
	if (!match || month < 0) throw new Error(`"${date}" is not a LoCoMo session date ("1:56 pm on 8 May, 2023")`);
	const hour = (Number(match[1]) % 12) + (match[3].toLowerCase() === "pm" ? 12 : 0);
	return Date.UTC(Number(match[6]), month, Number(match[4]), hour, Number(match[2]));
}
