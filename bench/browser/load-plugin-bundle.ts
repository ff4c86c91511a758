/** What evaluating main.js gave. */
export interface LoadedBundle {
	/** Name of the default export (the plugin class). */
	exportName: string;
	/** The default export is a class with an `onload` method, as Obsidian expects. */
	isPluginClass: boolean;
	/** Module ids main.js asked `require` for while loading. */
	required: string[];
}

type Module = { exports: Record<string, unknown> };

/** main.js compiled inside Obsidian's function wrapper, not yet called. */
export type PluginWrapper = (
	require: (id: string) => unknown,
	module: Module,
	exports: Module["exports"],
	global: object,
) => void;

/** The global the page script of a wrapped main.js assigns the wrapper to. */
const WRAPPER_GLOBAL = "causalMemoryMainJs";

/**
 * main.js' text inside the function wrapper Obsidian evaluates it in (CommonJS `require`,
 * `module`, `exports`; plus Node's `global`, which Obsidian's renderer has and a plain page
 * lacks), as one expression. Node compiles it with `vm.runInThisContext`; a page gets it as a
 * script through `pageScript`. Neither needs an eval in this repository's code.
 */
export function wrapPluginSource(source: string): string {
	return `(function anonymous(require,module,exports,global){\n${source}\n})`;
}

/** A script that stamps when it was compiled (its first statement runs once the whole text is) and leaves the wrapped main.js in `window[WRAPPER_GLOBAL]`. */
export function pageScript(source: string): string {
	return `window.${WRAPPER_GLOBAL}CompiledAt = performance.now();\nwindow.${WRAPPER_GLOBAL} = ${wrapPluginSource(source)};\n//# sourceURL=main.js\n`;
}

/**
 * Runs a compiled main.js as Obsidian does, with the app's `require` and the caller's global
 * object as `global` (Obsidian's renderer has Node integration, so `global === window`; the MCP
 * SDK's HTTP adapter reads `global.Request` when it loads). Every module it asks for is a
 * stand-in whose members are empty classes (enough to define the plugin's classes; nothing here
 * runs the plugin). `keep` receives the default export, for a caller that holds on to it as
 * Obsidian holds the plugin class.
 */
export function loadPluginBundle(
	wrapper: PluginWrapper,
	global: object,
	keep?: (exports: unknown) => void,
): LoadedBundle {
	const required: string[] = [];
	const module: Module = { exports: {} };
	wrapper(
		(id) => {
			required.push(id);
			return standInModule();
		},
		module,
		module.exports,
		global,
	);
	const plugin = module.exports.default ?? module.exports;
	keep?.(plugin);
	const isClass = typeof plugin === "function";
	return {
		exportName: isClass ? plugin.name : typeof plugin,
		isPluginClass: isClass && typeof (plugin.prototype as Record<string, unknown>).onload === "function",
		required: [...new Set(required)],
	};
}

/** The wrapper a page script of `pageScript` left on `window`. */
export function pageWrapper(): { wrapper: PluginWrapper; compiledAt: number } {
	const scope = window as unknown as Record<string, unknown>;
	const wrapper = scope[WRAPPER_GLOBAL];
	if (typeof wrapper !== "function") throw new Error("main.js was not added to the page (no wrapper on window)");
	return { wrapper: wrapper as PluginWrapper, compiledAt: scope[`${WRAPPER_GLOBAL}CompiledAt`] as number };
}

/** A module whose every member (and the module itself, for `require("events")`) is an empty class. */
function standInModule(): unknown {
	class StandIn {}
	return new Proxy(StandIn, {
		get: (target, key): unknown =>
			key in target ? (Reflect.get(target, key) as unknown) : key === "__esModule" ? false : StandIn,
	});
}
