/** Worker entries bundled to source text at build time by scripts/inline-worker.mjs. */
declare module "virtual:maintenance-worker" {
	const source: string;
	export default source;
}
