/**
 * Questions about the real vault ../shared/corpora/kepano-obsidian, written for this project in
 * our own words (none of the vault's text), each with the note paths that answer it. Used by
 * `npm run bench -- locomo` to check recall changes on data that is not a chat log.
 */
export interface CorpusQuestion {
	question: string;
	answers: string[];
}

export const KEPANO_QUESTIONS: CorpusQuestion[] = [
	{
		question: "which book came up in the meeting about emergence",
		answers: ["Notes/2023-09-12 Meeting with Steph.md", "References/Out of Control.md"],
	},
	{
		question: "why do evergreen notes help you think",
		answers: ["Notes/Evergreen notes turn ideas into objects that you can manipulate.md"],
	},
	{ question: "a dessert with nectarines", answers: ["References/Brown butter nectarine tart.md"] },
	{ question: "my mother's summer tart recipe", answers: ["References/Brown butter nectarine tart.md"] },
	{ question: "how to decide what to buy, cost per use", answers: ["Clippings/Buy wisely.md"] },
	{ question: "unsolicited advice written on a birthday", answers: ["Clippings/68 Bits of Unsolicited Advice.md"] },
	{ question: "the feeling of being in good hands", answers: ["Clippings/In good hands.md"] },
	{ question: "our trip to Japan in 2023", answers: ["Notes/2023 Japan Trip.md"] },
	{ question: "shrine in Kyoto", answers: ["References/Fushimi Inari.md"] },
	{ question: "color schemes and e-ink mode for the theme", answers: ["Notes/Minimal Theme.md"] },
	{ question: "the Blade Runner film", answers: ["References/Blade Runner.md"] },
	{
		question: "albums by the bassist Paul Chambers",
		answers: ["References/Paul Chambers.md", "References/Bass on Top.md"],
	},
	{ question: "the board game Catan", answers: ["References/Catan.md"] },
	{ question: "Zelda Breath of the Wild", answers: ["References/The Legend of Zelda Breath of the Wild.md"] },
	{ question: "BOTW", answers: ["References/The Legend of Zelda Breath of the Wild.md"] },
	{ question: "the old story where the machine stops", answers: ["References/The Machine Stops.md"] },
	{ question: "buttons for a hot bath", answers: ["References/The Machine Stops.md"] },
	{ question: "podcast episode with Kevin Kelly", answers: ["References/Well Made 145 Kevin Kelly.md"] },
	{ question: "who is Kevin Kelly", answers: ["References/Kevin Kelly.md"] },
	{ question: "Futurama", answers: ["References/Futurama.md"] },
	{ question: "the Well Made podcast", answers: ["References/Well Made.md"] },
	{ question: "template for a job interview", answers: ["Templates/Job Interview Template.md"] },
	{ question: "template to log a stock trade", answers: ["Templates/Stock Trade Template.md"] },
	{ question: "meditation template", answers: ["Templates/Meditation Template.md"] },
	{ question: "a template for coffee", answers: ["Templates/Coffee Template.md"] },
	{ question: "recipe template", answers: ["Templates/Recipe Template.md"] },
	{ question: "learn from people you disagree with", answers: ["Clippings/68 Bits of Unsolicited Advice.md"] },
	{ question: "Obsidian the app", answers: ["References/Obsidian.md"] },
	{ question: "science fiction", answers: ["References/Sci-fi.md"] },
	{ question: "parks as a type of place", answers: ["References/Parks.md"] },
	{ question: "daily note of 12 September 2023", answers: ["Daily/2023-09-12.md"] },
	{ question: "analysis of how much I use my products", answers: ["Notes/Product usage analysis.md"] },
];
