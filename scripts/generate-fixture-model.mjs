// Generates the tiny BERT-shaped embedding model that tests load through transformers.js.
// Deterministic, no Python, no downloads. See scripts/fixture-model/.
//   node scripts/generate-fixture-model.mjs [root=.tmp/models/] [--dimensions 384] [--if-outdated]
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
	DEFAULT_DIMENSIONS,
	isFixtureCurrent,
	modelFolder,
	writeFixtureModel,
} from "./fixture-model/write-fixture.mjs";

const printLine = (text = "") => process.stdout.write(`${text}\n`);

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => {
	const at = args.indexOf(name);
	return at >= 0 ? args[at + 1] : undefined;
};
const positional = args.filter((arg, i) => !arg.startsWith("--") && args[i - 1] !== "--dimensions");
if (positional.length > 1) {
	console.error("usage: node scripts/generate-fixture-model.mjs [root] [--dimensions N] [--if-outdated]");
	process.exit(1);
}
const root =
	positional[0] === undefined ? fileURLToPath(new URL("../.tmp/models/", import.meta.url)) : resolve(positional[0]);
const dimensions = Number(option("--dimensions") ?? DEFAULT_DIMENSIONS);

if (flag("--if-outdated") && isFixtureCurrent(root, dimensions)) {
	printLine(`fixture model up to date in ${modelFolder(root)}`);
} else {
	const started = performance.now();
	const { folder, sizes, vocabSize } = writeFixtureModel(root, dimensions);
	const kb = (bytes) => `${Math.round(bytes / 1024)} KiB`;
	printLine(
		`fixture model (${vocabSize} tokens, ${dimensions} dimensions) written to ${folder} in ${Math.round(performance.now() - started)} ms: ` +
			`model.onnx ${kb(sizes["onnx/model.onnx"])}, model_quantized.onnx ${kb(sizes["onnx/model_quantized.onnx"])}, tokenizer.json ${kb(sizes["tokenizer.json"])}`,
	);
}
