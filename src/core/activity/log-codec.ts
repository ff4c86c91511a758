import { crc32Hex } from "./crc32";
import { parseActivityEvent, type StoredRecord } from "./records";
import { errorMessage } from "../model/error-message";

/*
 * One record per line: eight hex digits of CRC-32 over the JSON text, a space, the JSON, "\n".
 * A line is trusted only when its checksum matches and it ends with "\n", so a write torn
 * at any byte is recognised instead of being half-read.
 */

const CHECKSUM_LENGTH = 8;

export function encodeRecordLine(record: StoredRecord): string {
	return encodeChecksummedLine(JSON.stringify(record));
}

export function encodeChecksummedLine(json: string): string {
	return `${crc32Hex(json)} ${json}\n`;
}

/** The JSON text of a checksummed line, or an explanation of why the line cannot be trusted. */
export function decodeChecksummedLine(line: string): { json: string } | { problem: string } {
	if (line.length < CHECKSUM_LENGTH + 2 || line[CHECKSUM_LENGTH] !== " ") return { problem: "not a checksummed line" };
	const json = line.slice(CHECKSUM_LENGTH + 1);
	if (line.slice(0, CHECKSUM_LENGTH) !== crc32Hex(json)) return { problem: "checksum mismatch" };
	return { json };
}

export interface LogProblem {
	/** 1-based line number in the file. */
	line: number;
	message: string;
}

/**
 * Reads a log, handing each valid record to `onRecord` in file order without keeping them,
 * and returns the lines it could not trust. Nothing here throws: a torn last line, a corrupt
 * line or a record from a newer format becomes a problem and the line is skipped. Sequence
 * numbers are not checked here: two writers on one file repeat them, and both records count.
 * Empty lines are separators left after a failed append and are ignored.
 */
export function decodeLog(text: string, onRecord: (record: StoredRecord) => void): LogProblem[] {
	const problems: LogProblem[] = [];
	let start = 0;
	for (let lineNo = 1; start < text.length; lineNo++) {
		const end = text.indexOf("\n", start);
		if (end === -1) {
			problems.push({ line: lineNo, message: "incomplete last line (a write was interrupted)" });
			break;
		}
		const line = text.slice(start, end);
		start = end + 1;
		if (line.length === 0) continue;
		const decoded = decodeRecord(line);
		if ("problem" in decoded) {
			problems.push({ line: lineNo, message: decoded.problem });
		} else {
			onRecord(decoded.record);
		}
	}
	return problems;
}

/** A checksummed line's JSON value, or why it cannot be trusted. */
export function decodeChecksummedJson(line: string): { value: unknown } | { problem: string } {
	const checked = decodeChecksummedLine(line);
	if ("problem" in checked) return checked;
	try {
		return { value: JSON.parse(checked.json) as unknown };
	} catch {
		return { problem: "checksum matches but the JSON does not parse" };
	}
}

function decodeRecord(line: string): { record: StoredRecord } | { problem: string } {
	const decoded = decodeChecksummedJson(line);
	if ("problem" in decoded) return decoded;
	const { value } = decoded;
	if (typeof value !== "object" || value === null) return { problem: "not a record" };
	const { seq, ...event } = value as Record<string, unknown>;
	if (typeof seq !== "number" || !Number.isSafeInteger(seq) || seq <= 0) return { problem: "missing sequence number" };
	try {
		return { record: { ...parseActivityEvent(event), seq } };
	} catch (error) {
		return { problem: errorMessage(error) };
	}
}
