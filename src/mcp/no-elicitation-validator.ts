import type { JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";

/**
 * The SDK's JSON Schema validator checks only a client's answer to an elicitation request
 * (`Server.elicitInput`), which these servers never send. Passing this one instead of the SDK's
 * default lets the build leave ajv out of main.js (scripts/mcp-sdk-stand-ins.mjs); if a future
 * tool elicits, it fails loudly here rather than skipping the check.
 */
export class NoElicitationValidator implements jsonSchemaValidator {
	getValidator<T>(): JsonSchemaValidator<T> {
		throw new Error("This MCP server sends no elicitation requests, so it validates no elicitation answer.");
	}
}
