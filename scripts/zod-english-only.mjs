// esbuild plugin: zod v4 re-exports every locale (`z.locales`, `core.locales`), about 265 KB of
// messages in 50 languages that V8 would scan at every start of the plugin. Its own default is
// English (`locales/en.js`, which zod's schemas import directly), and we never call `z.config`
// with another locale, so the locales index zod imports is replaced by one holding English only.
import { dirname, join, sep } from "node:path";

const NAMESPACE = "zod-english-only";
const IN_ZOD = `${sep}node_modules${sep}zod${sep}`;

export function zodEnglishOnlyPlugin() {
	return {
		name: "zod-english-only",
		setup(build) {
			build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
				args.importer.includes(IN_ZOD) ? { path: join(args.resolveDir, args.path), namespace: NAMESPACE } : undefined,
			);
			build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
				contents: 'export { default as en } from "./en.js";\n',
				resolveDir: dirname(args.path),
				loader: "js",
			}));
		},
	};
}
