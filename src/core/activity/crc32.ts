const TABLE = buildTable();

function buildTable(): Int32Array {
	const table = new Int32Array(256);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		table[n] = c;
	}
	return table;
}

/**
 * CRC-32 (IEEE, as in zip and PNG) of the UTF-8 encoding of `text`, encoded on the fly so
 * that checking a long log allocates nothing. Lone surrogates count as U+FFFD, as in TextEncoder.
 */
export function crc32(text: string): number {
	let crc = -1;
	const byte = (b: number): void => {
		crc = TABLE[(crc ^ b) & 0xff] ^ (crc >>> 8);
	};
	for (let i = 0; i < text.length; i++) {
		let code = text.charCodeAt(i);
		if (code < 0x80) {
			crc = TABLE[(crc ^ code) & 0xff] ^ (crc >>> 8);
			continue;
		}
		if (code >= 0xd800 && code <= 0xdfff) {
			const low = code <= 0xdbff && i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
			if (low >= 0xdc00 && low <= 0xdfff) {
				code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
				i++;
			} else {
				code = 0xfffd;
			}
		}
		if (code < 0x800) {
			byte(0xc0 | (code >> 6));
		} else if (code < 0x10000) {
			byte(0xe0 | (code >> 12));
			byte(0x80 | ((code >> 6) & 0x3f));
		} else {
			byte(0xf0 | (code >> 18));
			byte(0x80 | ((code >> 12) & 0x3f));
			byte(0x80 | ((code >> 6) & 0x3f));
		}
		byte(0x80 | (code & 0x3f));
	}
	return (crc ^ -1) >>> 0;
}

/** The checksum as the fixed eight lowercase hex digits written in front of each line. */
export function crc32Hex(text: string): string {
	return crc32(text).toString(16).padStart(8, "0");
}
