// esbuild plugin: the MCP SDK's server imports code for cases our servers never meet, and that
// code would be scanned by V8 at every start of the plugin (≈ 300 KB). Each import is replaced by
// a stand-in that throws if it is ever reached:
// - `zod/v3` and `zod-to-json-schema`: building and converting zod v3 schemas; every schema of
//   ours is zod v4, which the SDK handles with zod v4's own code (`isZ4Schema`).
// - `../validation/ajv-provider.js`: ajv, ajv-formats and fast-uri, the default validator of
//   answers to elicitation requests; our servers pass their own (src/mcp/no-elicitation-validator.ts).
// tests/mcp and the conformance suite run against bundles built with these stand-ins.
import { sep } from "node:path";

const NAMESPACE = "mcp-sdk-stand-in";
const IN_SDK_SERVER = `${sep}@modelcontextprotocol${sep}sdk${sep}dist${sep}esm${sep}server${sep}`;

const STAND_INS = {
	"zod/v3": `export function object() { throw new Error("zod v3 schemas are not bundled: the memory tools' schemas are zod v4"); }`,
	"zod-to-json-schema": `export function zodToJsonSchema() { throw new Error("zod v3 schemas are not bundled: the memory tools' schemas are zod v4"); }`,
	"../validation/ajv-provider.js": `export class AjvJsonSchemaValidator { constructor() { throw new Error("ajv is not bundled: pass the server a jsonSchemaValidator"); } }`,
};

export function mcpSdkStandInsPlugin() {
	return {
		name: "mcp-sdk-stand-ins",
		setup(build) {
			build.onResolve({ filter: /^(zod\/v3|zod-to-json-schema|\.\.\/validation\/ajv-provider\.js)$/ }, (args) =>
				args.importer.includes(IN_SDK_SERVER) ? { path: args.path, namespace: NAMESPACE } : undefined,
			);
			build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
				contents: STAND_INS[args.path],
				loader: "js",
			}));
		},
	};
}
