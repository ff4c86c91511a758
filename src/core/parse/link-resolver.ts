/**
 * Obsidian's link resolution (getFirstLinkpathDest) over a set of note paths, kept up to date
 * incrementally. Matching ignores case and Unicode normalisation form; `.md` is optional.
 *
 * Order, first hit wins:
 * 1. `[[#h]]` (empty path) is the source note itself.
 * 2. `./x` and `../x` are relative to the source note's folder, and only that.
 * 3. The exact vault path (a leading `/` is the vault root).
 * 4. For a path with folders, the same path relative to the source note's folder.
 * 5. By file name: every note with that name whose path ends with the link's folders
 *    (`[[b/Note]]` matches `a/b/Note.md`). Among several: the one in the source note's own
 *    folder, else the shortest path, else the first in code-point order. (Observed in Obsidian
 *    1.13: an exact path beats everything, then the source's own folder, then the shortest path
 *    string; an ancestor folder of the source counts for nothing.)
 *
 * Only `.md` notes are targets: a link to `image.png` or `board.canvas` resolves to null, and
 * `isAttachmentLink` tells such links apart from dangling ones.
 */

/** Extensions Obsidian opens or embeds as attachments, plus common office and archive files. */
const ATTACHMENT_EXTENSIONS = new Set(
	(
		"base canvas pdf avif bmp gif jpeg jpg png svg webp heic heif tif tiff ico " +
		"flac m4a mp3 ogg oga opus wav webm 3gp aac mkv mov mp4 m4v ogv avi wmv " +
		"txt csv tsv json xml html htm doc docx xls xlsx ppt pptx odt ods odp rtf epub zip 7z rar tar gz"
	).split(" "),
);

export function splitLinkpath(link: string): { path: string; subpath: string } {
	const hash = link.indexOf("#");
	return hash < 0 ? { path: link, subpath: "" } : { path: link.slice(0, hash), subpath: link.slice(hash) };
}

const NOT_ASCII = /[\u0080-\uffff]/;

/** Case- and normalisation-folded; ASCII text is in NFC already, and normalize costs more than the test. */
function fold(text: string): string {
	return (NOT_ASCII.test(text) ? text.normalize("NFC") : text).toLowerCase();
}

function withoutMd(text: string): string {
	return text.toLowerCase().endsWith(".md") ? text.slice(0, -3) : text;
}

function fileName(path: string): string {
	return path.slice(path.lastIndexOf("/") + 1);
}

function folderOf(path: string): string {
	const slash = path.lastIndexOf("/");
	return slash < 0 ? "" : path.slice(0, slash);
}

function nameKey(path: string): string {
	return fold(withoutMd(fileName(path.trim())));
}

/**
 * Lower-cased file name without folders, subpath and `.md`: `Projects/Plan.md` → `plan`,
 * `Plan#Goals` → `plan`. (A note whose name contains `#` gets the key of the part before it,
 * which no link can reach anyway: the key only narrows which links to re-resolve.)
 */
export function basenameKey(linkpathOrPath: string): string {
	return nameKey(splitLinkpath(linkpathOrPath).path);
}

/** True for a link to a known non-note file type (`.png`, `.pdf`, `.canvas`, `.base`…). */
export function isAttachmentLink(linkpath: string): boolean {
	const name = fileName(splitLinkpath(linkpath).path.trim());
	const dot = name.lastIndexOf(".");
	return dot > 0 && ATTACHMENT_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
}

function isNotePath(path: string): boolean {
	return path.toLowerCase().endsWith(".md");
}

/** `folder` joined with a relative path; null when `..` climbs above the vault root. */
function joinRelative(folder: string, relative: string): string | null {
	const parts = folder === "" ? [] : folder.split("/");
	for (const part of relative.split("/")) {
		if (part === "" || part === ".") continue;
		if (part === "..") {
			if (parts.length === 0) return null;
			parts.pop();
		} else parts.push(part);
	}
	return parts.join("/");
}

function closest(candidates: readonly string[], sourceFolder: string): string {
	let best: string | undefined;
	let bestLocal = false;
	for (const path of candidates) {
		const local = folderOf(path) === sourceFolder;
		const better =
			best === undefined ||
			(local && !bestLocal) ||
			(local === bestLocal && (path.length < best.length || (path.length === best.length && path < best)));
		if (better) {
			best = path;
			bestLocal = local;
		}
	}
	return best ?? candidates[0];
}

function addTo(map: Map<string, string[]>, key: string, path: string): void {
	const list = map.get(key);
	if (list) list.push(path);
	else map.set(key, [path]);
}

function removeFrom(map: Map<string, string[]>, key: string, path: string): void {
	const list = map.get(key);
	if (!list) return;
	const index = list.indexOf(path);
	if (index >= 0) list.splice(index, 1);
	if (list.length === 0) map.delete(key);
}

export class LinkResolver {
	/** Folded path → note paths (several only when a case-sensitive file system has `A.md` and `a.md`). */
	private readonly byPath = new Map<string, string[]>();
	/** File name key (as basenameKey, without splitting at `#`) → note paths. */
	private readonly byName = new Map<string, string[]>();

	/** Registers a note; paths that are not `.md` files are ignored. */
	add(path: string): void {
		if (!isNotePath(path) || this.has(path)) return;
		addTo(this.byPath, fold(path), path);
		addTo(this.byName, nameKey(path), path);
	}

	remove(path: string): void {
		removeFrom(this.byPath, fold(path), path);
		removeFrom(this.byName, nameKey(path), path);
	}

	has(path: string): boolean {
		return this.byPath.get(fold(path))?.includes(path) ?? false;
	}

	/** Whether some note has this file name (without folders and `.md`), ignoring case. */
	hasNoteNamed(name: string): boolean {
		return this.byName.has(nameKey(name));
	}

	/** The note a link points to (a subpath is ignored), or null when it is dangling or an attachment. */
	resolve(linkpath: string, sourcePath: string): string | null {
		const path = splitLinkpath(linkpath).path.trim();
		if (path === "") return sourcePath === "" ? null : sourcePath;
		const sourceFolder = folderOf(sourcePath);
		if (path.startsWith("./") || path.startsWith("../")) {
			const relative = joinRelative(sourceFolder, path);
			return relative === null ? null : this.exact(relative);
		}
		const fromRoot = path.startsWith("/") ? path.replace(/^\/+/, "") : path;
		const exact = this.exact(fromRoot);
		if (exact) return exact;
		if (fromRoot.includes("/") && sourceFolder !== "") {
			const relative = joinRelative(sourceFolder, fromRoot);
			const beside = relative === null ? null : this.exact(relative);
			if (beside) return beside;
		}
		return this.byFileName(fromRoot, sourceFolder);
	}

	private exact(path: string): string | null {
		const wanted = isNotePath(path) ? path : `${path}.md`;
		const found = this.byPath.get(fold(wanted));
		if (!found) return null;
		return found.find((candidate) => candidate === wanted) ?? found[0];
	}

	private byFileName(path: string, sourceFolder: string): string | null {
		const named = this.byName.get(nameKey(path));
		if (!named) return null;
		const folders = folderOf(path);
		const suffix = `/${fold(withoutMd(path))}`;
		const candidates = folders === "" ? named : named.filter((note) => fold(withoutMd(note)).endsWith(suffix));
		if (candidates.length === 0) return null;
		return candidates.length === 1 ? candidates[0] : closest(candidates, sourceFolder);
	}
}
