import { crc32Hex } from "../../activity/crc32";
import type { KeywordSettings } from "../../model/keyword-settings";
import { TOKENIZER_VERSION } from "./tokenize";
import { KEYWORD_DOCUMENT_VERSION } from "./keyword-document";

/**
 * Everything that changes which terms a note gets: an index saved under another signature
 * must be rebuilt. Boosts and fuzziness act at query time and are not part of it.
 */
export function indexSignature(settings: KeywordSettings): string {
	const stopWords = `${settings.stopWords.length}/${crc32Hex(settings.stopWords.join("\n"))}`;
	return `tokenizer ${TOKENIZER_VERSION}, document ${KEYWORD_DOCUMENT_VERSION}, body ${settings.maxBodyChars}, stop words ${stopWords}, stemming ${settings.stemming ? "on" : "off"}`;
}
