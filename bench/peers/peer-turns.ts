import type { LocomoConversation } from "../locomo/locomo-data";
import type { PeerTurn } from "./peer-server";
import { MONTH_NAMES } from "../../src/core/time/calendar";

/** Every turn of a conversation in order, with the text every peer stores for it. */
export function peerTurns(conversation: LocomoConversation): PeerTurn[] {
	return conversation.sessions.flatMap((session) =>
		session.turns.map((turn, i) => {
			const caption = turn.caption ? `\n[image: ${turn.caption}]` : "";
			const peerTurn: PeerTurn = {
				conversation: conversation.id,
				diaId: turn.diaId,
				session: session.number,
				date: session.date,
				speaker: turn.speaker,
				text: `(${session.date}) ${turn.speaker}: ${turn.text}${caption}`,
			};
			const previous = session.turns[i - 1];
			if (previous !== undefined) peerTurn.previous = previous.diaId;
			return peerTurn;
		}),
	);
}

/** "1:56 pm on 8 May, 2023" → "2023-05-08"; undefined when the text holds no day, month name and year. */
export function isoDateOf(text: string): string | undefined {
	const match = /(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/.exec(text);
	if (!match) return undefined;
	const month = MONTH_NAMES.indexOf(match[2].toLowerCase());
	if (month < 0) return undefined;
	return `${match[3]}-${String(month + 1).padStart(2, "0")}-${match[1].padStart(2, "0")}`;
}
