/**
 * What Obsidian's desktop renderer has from Node that main.js uses while it loads: the `process`
 * global (the writer lock records its pid and checks whether a pid is alive) and `node:os` (the
 * lock's host name, the Claude Desktop config's home folder). Stand-ins for one page: pid 1 is
 * this page, the only process alive.
 */
const PAGE_PID = 1;

export const rendererProcess = {
	pid: PAGE_PID,
	platform: "linux",
	arch: "x64",
	env: {} as Record<string, string | undefined>,
	versions: {} as Record<string, string>,
	/** Signal 0 asks whether a process is alive, as the lock does: only this page is. */
	kill(pid: number, _signal?: number): true {
		if (pid === PAGE_PID) return true;
		throw Object.assign(new Error(`kill ESRCH ${pid}`), { code: "ESRCH" });
	},
	cwd: (): string => "/",
};

export const rendererOs = {
	hostname: (): string => "render-harness",
	homedir: (): string => "/home/harness",
	tmpdir: (): string => "/tmp",
	platform: (): string => "linux",
	EOL: "\n",
};
