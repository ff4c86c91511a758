/**
 * Each device (an Obsidian install, or a headless host for one vault copy) writes only its own
 * activity files, named after its id, so sync tools never merge two writers into one file.
 * The empty id is the device of stores written before devices existed (`activity-<g>.log`).
 */
export const LEGACY_DEVICE = "";

const DEVICE_ID = /^[a-z0-9]{6,32}$/;

export function isDeviceId(id: string): boolean {
	return DEVICE_ID.test(id);
}

/** The id, or an error naming the rule; the legacy id is accepted too. */
export function checkDeviceId(id: string): string {
	if (id === LEGACY_DEVICE || isDeviceId(id)) return id;
	throw new Error(`Device id "${id}" is not valid: use 6 to 32 lowercase letters and digits.`);
}
