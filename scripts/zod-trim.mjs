// esbuild plugin: parts of zod v4 that `z` re-exports and we never call, about 300 KB that V8 would
// scan at every start of the plugin (`import { z } from "zod"` keeps the whole namespace):
// - the locales index (`z.locales`, `core.locales`): messages in 50 languages. Zod's default is
//   English (`locales/en.js`, which its schemas import directly) and we never `z.config` another.
// - `core/compile.js` (`z.compile`, ahead-of-time parsers, opt-in) and `classic/from-json-schema.js`
//   (`z.fromJSONSchema`): stand-ins that throw if ever called.
import { dirname, join, sep } from "node:path";

const NAMESPACE = "zod-trim";
const IN_ZOD = `${sep}node_modules${sep}zod${sep}`;
const NOT_BUNDLED = `() => { throw new Error("this part of zod is not bundled into main.js"); }`;

const STAND_INS = {
	"../locales/index.js": 'export { default as en } from "./en.js";\n',
	"./compile.js": `export const INVALID = Symbol.for("zod.compile.invalid");
export class ZodCompileAsyncError extends Error {}
export class ZodCompileUnsupportedError extends Error {}
export const compile = ${NOT_BUNDLED};
export const withParser = ${NOT_BUNDLED};
export const compileFn = ${NOT_BUNDLED};
`,
	"./from-json-schema.js": `export const fromJSONSchema = ${NOT_BUNDLED};\n`,
};

export function zodTrimPlugin() {
	return {
		name: "zod-trim",
		setup(build) {
			build.onResolve({ filter: /^(\.\.\/locales\/index|\.\/compile|\.\/from-json-schema)\.js$/ }, (args) =>
				args.importer.includes(IN_ZOD)
					? { path: join(args.resolveDir, args.path), namespace: NAMESPACE, pluginData: args.path }
					: undefined,
			);
			build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
				contents: STAND_INS[args.pluginData],
				resolveDir: dirname(args.path),
				loader: "js",
			}));
		},
	};
}
