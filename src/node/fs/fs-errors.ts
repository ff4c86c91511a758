import { errorMessage } from "../../core/model/error-message";
const REASONS: Record<string, string> = {
	ENOENT: "it does not exist",
	ENOTDIR: "a folder in its path is a file",
	EISDIR: "it is a folder",
	EACCES: "permission denied",
	EPERM: "permission denied",
	EBUSY: "the file is busy",
	EMFILE: "too many open files",
	ENOSPC: "the disk is full",
	EROFS: "the file system is read-only",
	EXDEV: "it cannot be moved to another disk",
};

/**
 * A short reason for a file system error, without the absolute path Node puts in its messages
 * (these messages may travel to MCP clients).
 */
export function describeFsError(error: unknown): string {
	const code = (error as NodeJS.ErrnoException | null)?.code;
	if (code) return `${REASONS[code] ?? "file system error"} (${code})`;
	return errorMessage(error);
}

export function isMissing(error: unknown): boolean {
	const code = (error as NodeJS.ErrnoException | null)?.code;
	return code === "ENOENT" || code === "ENOTDIR";
}
