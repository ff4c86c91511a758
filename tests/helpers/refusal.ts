import { expect } from "vitest";
import { MemoryError } from "../../src/core/model/memory-error";

/** The MemoryError `run` throws; fails the test when it throws anything else or nothing. */
export function refusal(run: () => unknown): MemoryError {
	try {
		run();
	} catch (error) {
		expect(error).toBeInstanceOf(MemoryError);
		return error as MemoryError;
	}
	throw new Error("expected a MemoryError");
}
