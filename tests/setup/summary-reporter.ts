import type { Reporter, TestModule } from "vitest/node";

/** Ends the run with a plain "N passed, N failed, N skipped" line that CI logs can read. */
export default class SummaryReporter implements Reporter {
	onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
		let passed = 0;
		let failed = unhandledErrors.length;
		let skipped = 0;
		for (const module of testModules) {
			for (const test of module.children.allTests()) {
				const state = test.result().state;
				if (state === "passed") passed++;
				else if (state === "failed") failed++;
				else skipped++;
			}
			if (module.state() === "failed" && [...module.children.allTests()].length === 0) failed++;
		}
		process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
	}
}
