import { mulberry32 } from "../core/scoring/synthetic-vault";

/**
 * A generated vault for consolidation: TOPICS topics, each told in EPISODES_PER_TOPIC episodic
 * memories that paraphrase one another (the same facts in other words and another order, on
 * other days, in other conversations), plus UNRELATED memories about one thing each. All of it
 * is composed here from word lists by a seeded generator; nothing is copied from anywhere.
 */

interface Topic {
	key: string;
	subject: string[];
	problem: string[];
	cause: string[];
	fix: string[];
	person: string[];
}

const TOPICS: Topic[] = [
	{
		key: "kafka",
		subject: ["the billing Kafka consumer", "Kafka consumers of the billing service", "billing's Kafka consumer group"],
		problem: ["fell hours behind", "built up a huge lag", "lagged far behind the producers"],
		cause: ["a rebalance storm after the rollout", "constant consumer rebalancing", "repeated group rebalances"],
		fix: [
			"raised the consumer session timeout",
			"increased session.timeout.ms on the consumer",
			"bumped the session timeout",
		],
		person: ["Priya", "Priya from billing"],
	},
	{
		key: "certificate",
		subject: [
			"the TLS certificate of the staging gateway",
			"staging's gateway certificate",
			"the gateway TLS cert on staging",
		],
		problem: ["expired overnight", "ran out and broke every login", "lapsed without warning"],
		cause: [
			"certbot renewal failing silently",
			"a renewal cron job that never ran",
			"the silent failure of automatic renewal",
		],
		fix: [
			"added an expiry alert to the monitoring",
			"set up a certificate expiry alert",
			"alert on certificates expiring within 14 days",
		],
		person: ["Marcus", "Marcus on the platform team"],
	},
	{
		key: "postgres",
		subject: ["the orders Postgres database", "Postgres for the orders service", "the orders database in Postgres"],
		problem: ["ran out of disk", "filled its volume completely", "hit a full disk"],
		cause: [
			"WAL segments piling up behind a stuck replication slot",
			"an abandoned replication slot holding WAL",
			"a replication slot nobody consumed",
		],
		fix: [
			"dropped the stale replication slot",
			"removed the unused replication slot",
			"deleted the orphaned slot and added a WAL size alarm",
		],
		person: ["Ines", "Ines the DBA"],
	},
	{
		key: "onboarding",
		subject: ["the onboarding email sequence", "welcome emails for new signups", "our onboarding drip campaign"],
		problem: ["went to spam for Gmail users", "landed in Gmail spam folders", "was flagged as spam by Gmail"],
		cause: [
			"a missing DKIM signature on the marketing domain",
			"DKIM not configured for the mail domain",
			"unsigned mail without DKIM",
		],
		fix: [
			"published the DKIM record and warmed up the domain",
			"added DKIM to DNS",
			"configured DKIM signing on the mail provider",
		],
		person: ["Sofia", "Sofia in marketing"],
	},
	{
		key: "ios-crash",
		subject: ["the iOS app", "our iPhone app", "the mobile app on iOS"],
		problem: ["crashed on launch for iPad users", "crashed at startup on iPads", "kept crashing when opened on iPad"],
		cause: [
			"a force unwrap of the split view controller",
			"an unwrapped optional in the iPad split view",
			"a nil split view controller being force unwrapped",
		],
		fix: ["shipped hotfix build 4.2.1", "released the 4.2.1 hotfix", "pushed an expedited 4.2.1 review"],
		person: ["Kenji", "Kenji on mobile"],
	},
	{
		key: "budget",
		subject: ["the quarterly cloud budget", "our AWS spend this quarter", "the cloud bill for the quarter"],
		problem: ["overshot by forty percent", "went forty percent over plan", "blew through the forecast"],
		cause: [
			"forgotten GPU instances left running after the experiment",
			"idle GPU machines from the ML trial",
			"GPU nodes nobody shut down",
		],
		fix: [
			"tagged every instance with an owner and added a nightly reaper",
			"enforced owner tags and auto shutdown of idle GPUs",
			"set up a reaper job for untagged instances",
		],
		person: ["Dana", "Dana from finance"],
	},
];

const TEMPLATES: ((t: Record<keyof Omit<Topic, "key">, string>) => string)[] = [
	(t) => `${t.person} noticed that ${t.subject} ${t.problem}. The cause was ${t.cause}; we ${t.fix}.`,
	(t) => `Today ${t.subject} ${t.problem} again. Root cause: ${t.cause}. Fix: we ${t.fix}.`,
	(t) => `Incident: ${t.subject} ${t.problem}. ${t.person} traced it to ${t.cause} and ${t.fix}.`,
	(t) => `Remember for next time: when ${t.subject} ${t.problem}, look at ${t.cause} first. Last time we ${t.fix}.`,
	(t) =>
		`Spent the afternoon with ${t.person} because ${t.subject} ${t.problem}. It came down to ${t.cause}, so we ${t.fix}.`,
];

/** The unrelated memories: one subject and one detail each, no content word shared with a topic or another one. */
const UNRELATED_FACTS: [string, string][] = [
	["sourdough starter", "smelled of acetone after the fridge week"],
	["passport renewal", "requires two photos with a white background"],
	["bicycle chain", "squeaks, oil it before the commute"],
	["violin lessons", "moved to Wednesdays with a new teacher"],
	["garden tomatoes", "split after the heavy rain"],
	["wedding invitation", "asks for an answer by the fifth of June"],
	["dentist appointment", "was pushed to late afternoon"],
	["chess opening", "the Sicilian suits my aggressive style"],
	["marathon training", "long runs go up by two kilometres weekly"],
	["apartment lease", "renews automatically unless cancelled in writing"],
	["piano tuning", "costs ninety euros for an upright"],
	["kitchen faucet", "drips; the cartridge must be replaced"],
	["birthday cake", "lemon with poppy seeds for grandma"],
	["library fine", "paid online, the card works again"],
	["camping trip", "the lake site allows small fires"],
	["yoga retreat", "includes vegetarian meals and morning meditation"],
	["pottery class", "glazing happens in the second month"],
	["sailing course", "ends with a certificate exam on the harbour"],
	["tax refund", "arrives within eight weeks by bank transfer"],
	["car inspection", "flagged worn brake pads"],
	["wine tasting", "the Riesling from the Mosel was the favourite"],
	["puppy vaccination", "booster shot due next spring"],
	["roof gutter", "clogged with leaves from the oak"],
	["museum membership", "gives free entry to special exhibitions"],
	["climbing shoes", "resoled for forty dollars"],
	["jazz concert", "tickets sold out within minutes"],
	["knitting pattern", "uses a cable stitch on the sleeves"],
	["aquarium filter", "sponge rinsed in tank water only"],
	["ski rental", "cheaper for the full season than per weekend"],
	["bird feeder", "squirrels raid it unless hung from a wire"],
];
const UNRELATED_TEMPLATES: ((subject: string, detail: string) => string)[] = [
	(s, d) => `The ${s}: ${d}.`,
	(s, d) => `About the ${s}, ${d}.`,
	(s, d) => `Remember that the ${s} ${d}.`,
];

export interface SyntheticTopicVault {
	/** Path → note text. */
	notes: Record<string, string>;
	/** Topic key → its episodes' paths. */
	topics: Map<string, string[]>;
	unrelated: string[];
}

function day(index: number): string {
	return new Date(Date.UTC(2025, 0, 1) + index * 86_400_000).toISOString();
}

/** The vault: each episode on its own day and in its own session, topics and unrelated memories interleaved in time. */
export function syntheticTopicVault(seed = 7, folder = "Memory"): SyntheticTopicVault {
	const next = mulberry32(seed);
	const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
	const notes: Record<string, string> = {};
	const topics = new Map<string, string[]>();
	let days = 0;
	// Titles say nothing of the topic: clustering must find it in the text.
	const note = (body: string): string => {
		const path = `${folder}/Note ${Object.keys(notes).length + 1}.md`;
		days += 1 + Math.floor(next() * 3);
		notes[path] = `---\nmemory_source: mcp\nmemory_created: ${day(days)}\nmemory_session: s${days}\n---\n${body}\n`;
		return path;
	};
	const unrelated: string[] = [];
	UNRELATED_FACTS.forEach(([subject, detail], i) => {
		if (i % 5 === 0) {
			const topic = TOPICS[i / 5];
			const paths = TEMPLATES.map((template) => {
				const filled = {
					subject: pick(topic.subject),
					problem: pick(topic.problem),
					cause: pick(topic.cause),
					fix: pick(topic.fix),
					person: pick(topic.person),
				};
				const body = template(filled);
				return note(body.charAt(0).toUpperCase() + body.slice(1));
			});
			topics.set(topic.key, paths);
		}
		unrelated.push(note(pick(UNRELATED_TEMPLATES)(subject, detail)));
	});
	return { notes, topics, unrelated };
}
