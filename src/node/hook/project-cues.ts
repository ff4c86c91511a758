import { promises as fs } from "node:fs";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";

/** The project a Claude Code session works in, as cues for recall. */
export interface ProjectCues {
	/** The repository's folder name, or the working directory's when it is not in a git repository. */
	name: string;
	/** `owner/repo` of the origin remote, when there is one. */
	remote: string | null;
}

/** Reads the repository's `.git` (a folder, or a worktree's file pointing at one) without running git. */
export async function projectCues(cwd: string): Promise<ProjectCues> {
	let dir = resolve(cwd);
	for (let depth = 0; depth < 40; depth++) {
		const git = join(dir, ".git");
		const stats = await fs.stat(git).catch(() => null);
		if (stats !== null) return { name: basename(dir) || dir, remote: await originOf(git, stats.isFile()) };
		const parent = dirname(dir);
		if (parent === dir) break;
		dir = parent;
	}
	return { name: basename(resolve(cwd)) || cwd, remote: null };
}

async function originOf(git: string, isFile: boolean): Promise<string | null> {
	try {
		let gitDir = git;
		if (isFile) {
			const pointer = /^gitdir:\s*(.+)$/m.exec(await fs.readFile(git, "utf8"))?.[1]?.trim();
			if (!pointer) return null;
			gitDir = isAbsolute(pointer) ? pointer : resolve(dirname(git), pointer);
			const common = (await fs.readFile(join(gitDir, "commondir"), "utf8").catch(() => "")).trim();
			if (common !== "") gitDir = isAbsolute(common) ? common : resolve(gitDir, common);
		}
		return remoteSlug(await fs.readFile(join(gitDir, "config"), "utf8"));
	} catch {
		return null;
	}
}

/** `owner/repo` from the origin remote's url in a git config (https, ssh or scp-like), or null. */
function remoteSlug(config: string): string | null {
	const section = /\[remote "origin"\]([^[]*)/.exec(config)?.[1] ?? "";
	const url = /^\s*url\s*=\s*(\S+)/m.exec(section)?.[1];
	if (!url) return null;
	const path = url.replace(/\.git$/, "").replace(/\/+$/, "");
	const match = /([^/:]+)\/([^/:]+)$/.exec(path);
	return match ? `${match[1]}/${match[2]}` : null;
}
