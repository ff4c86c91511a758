import { Session } from "node:inspector/promises";
import { PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";
import { clearInterval, setInterval } from "node:timers";
import { threadCpuMs } from "./slice-meter";

/** A main-thread task longer than the threshold, with what ran in it (from CPU profile samples). */
export interface LongTask {
	label: string;
	/** When it began, ms since the trace started. */
	atMs: number;
	ms: number;
	/** Main-thread CPU time over the task (10 ms ticks): what the code took, whatever else the machine ran. */
	cpuMs: number | null;
	/** Of which V8 spent collecting garbage (profile samples in "(garbage collector)"), ms. */
	gcMs: number;
	/** Garbage collections that overlapped it (perf_hooks "gc" entries): kind and ms. */
	collections: string;
	/** The deepest frame every sample of the task shares: the function the task ran in. */
	within: string;
	/** The functions most of its samples were in (self time), ms each. */
	top: string;
}

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	parent?: number;
	children?: number[];
}
interface Profile {
	nodes: ProfileNode[];
	startTime: number;
	samples: number[];
	timeDeltas: number[];
}

const GC_KINDS: Record<number, string> = { 1: "minor", 2: "major", 4: "incremental", 8: "weak", 16: "minor" };

/**
 * Finds the main thread's long tasks and what ran in them: a 5 ms timer marks every stretch the
 * thread did not come back to the event loop for longer than `thresholdMs`, V8's sampling profiler
 * (in this process, 1 ms interval) says which functions ran, and perf_hooks says which garbage
 * collections overlapped. `mark(label)` names the phase the next tasks belong to.
 */
export async function startLongTaskTrace(thresholdMs = 50, tickMs = 5) {
	const session = new Session();
	session.connect();
	await session.post("Profiler.enable");
	await session.post("Profiler.setSamplingInterval", { interval: 1000 });
	await session.post("Profiler.start");
	// The profile's clock is the monotonic clock that hrtime reads, in µs.
	const toProfileUs = (now: number) => Number(process.hrtime.bigint() / 1000n) - (performance.now() - now) * 1000;
	const origin = performance.now();
	const windows: Window[] = [];
	const skipped: { from: number; to: number }[] = [];
	let label = "";
	let last = performance.now();
	let lastCpu = threadCpuMs();
	const timer = setInterval(() => {
		const now = performance.now();
		const cpu = threadCpuMs();
		if (now - last > thresholdMs)
			windows.push({ label, from: last, to: now, cpuMs: cpu === null || lastCpu === null ? null : cpu - lastCpu });
		last = now;
		lastCpu = cpu;
	}, tickMs);
	let peakRss = { bytes: 0, at: origin, label: "" };
	const rssTimer = setInterval(() => {
		const bytes = process.memoryUsage().rss;
		if (bytes > peakRss.bytes) peakRss = { bytes, at: performance.now(), label };
	}, 20);
	const collections: PerformanceEntry[] = [];
	const observer = new PerformanceObserver((list) => collections.push(...list.getEntries()));
	observer.observe({ entryTypes: ["gc"] });
	return {
		mark(next: string): void {
			label = next;
		},
		/** Runs the bench's own work (a forced GC): a task spent mostly in it is not reported. */
		skip(work: () => void): void {
			const from = performance.now();
			work();
			skipped.push({ from, to: performance.now() });
		},
		/** The long tasks, and what ran in the 200 ms before RSS peaked (sampled every 20 ms). */
		async stop(): Promise<{ tasks: LongTask[]; peakRss: LongTask & { mb: number } }> {
			clearInterval(timer);
			clearInterval(rssTimer);
			observer.disconnect();
			const { profile } = (await session.post("Profiler.stop")) as { profile: Profile };
			session.disconnect();
			const own = (window: Window) =>
				window.to -
				window.from -
				skipped.reduce(
					(sum, skip) => sum + Math.max(0, Math.min(window.to, skip.to) - Math.max(window.from, skip.from)),
					0,
				);
			const tasks = windows
				.filter((window) => own(window) > thresholdMs)
				.map((window) => describe(window, profile, collections, toProfileUs, origin));
			const peak = { label: peakRss.label, from: peakRss.at - 200, to: peakRss.at, cpuMs: null };
			return {
				tasks,
				peakRss: { ...describe(peak, profile, collections, toProfileUs, origin), mb: peakRss.bytes / 1024 / 1024 },
			};
		},
	};
}

function frameName(node: ProfileNode): string {
	const { functionName, url, lineNumber } = node.callFrame;
	const file = url.split("/").pop() ?? "";
	return `${functionName || "(anonymous)"}${file ? ` ${file}:${lineNumber + 1}` : ""}`;
}

interface Window {
	label: string;
	from: number;
	to: number;
	cpuMs: number | null;
}

function describe(
	window: Window,
	profile: Profile,
	collections: PerformanceEntry[],
	toProfileUs: (now: number) => number,
	origin: number,
): LongTask {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	for (const node of profile.nodes) for (const child of node.children ?? []) byId.get(child)!.parent = node.id;
	const from = toProfileUs(window.from);
	const to = toProfileUs(window.to);
	const self = new Map<string, number>();
	let common: ProfileNode[] | null = null;
	let gcSamples = 0;
	let samples = 0;
	let at = profile.startTime;
	for (let i = 0; i < profile.samples.length; i++) {
		at += profile.timeDeltas[i];
		if (at < from || at > to) continue;
		const leaf = byId.get(profile.samples[i])!;
		const name = leaf.callFrame.functionName;
		if (name === "(idle)" || name === "(program)") continue;
		samples++;
		if (name === "(garbage collector)") gcSamples++;
		self.set(frameName(leaf), (self.get(frameName(leaf)) ?? 0) + 1);
		const stack: ProfileNode[] = [];
		for (let node: ProfileNode | undefined = leaf; node; node = node.parent ? byId.get(node.parent) : undefined)
			stack.unshift(node);
		if (name === "(garbage collector)") continue;
		if (common === null) common = stack;
		else {
			let shared = 0;
			while (shared < common.length && shared < stack.length && common[shared].id === stack[shared].id) shared++;
			common = common.slice(0, shared);
		}
	}
	const msPerSample = samples > 0 ? (window.to - window.from) / samples : 0;
	const top = [...self.entries()]
		.sort((a, b) => b[1] - a[1])
		.slice(0, 3)
		.map(([name, count]) => `${name} ${Math.round(count * msPerSample)}`)
		.join("; ");
	const overlapping = collections
		.filter((entry) => entry.startTime < window.to && entry.startTime + entry.duration > window.from)
		.map((entry) => {
			const kind = (entry as { detail?: { kind?: number } }).detail?.kind ?? 0;
			return `${GC_KINDS[kind] ?? kind} ${Math.round(entry.duration)}`;
		});
	const within = (common ?? [])
		.filter((node) => node.callFrame.url !== "" && !node.callFrame.url.startsWith("node:"))
		.slice(-2)
		.map(frameName)
		.join(" > ");
	return {
		label: window.label,
		atMs: Math.round(window.from - origin),
		ms: Math.round(window.to - window.from),
		cpuMs: window.cpuMs,
		gcMs: Math.round(gcSamples * msPerSample),
		collections: overlapping.join(", ") || "—",
		within: within || (samples === 0 ? "(no samples: the OS ran other work)" : "(event loop)"),
		top,
	};
}
