// Words of the fixture model. Each topic holds synonym groups: words of one group share most
// of their direction (so "canine" lands near "dog"), groups of one topic share a little (so
// "cat" is nearer to "dog" than to "car"), and everything else is unrelated. Inflected forms
// sit in the group of their stem. Lowercase only: the tokenizer lowercases first.

export const TOPICS = [
	[
		"animals",
		[
			["dog", "dogs", "canine", "canines", "puppy", "puppies", "hound", "doggy"],
			["cat", "cats", "feline", "kitten", "kittens", "kitty"],
			["bird", "birds", "parrot", "sparrow", "avian"],
			["horse", "horses", "pony", "stallion", "equine"],
			["fish", "salmon", "trout"],
			["bark", "barked", "barking", "woof"],
			["pet", "pets", "animal", "animals"],
		],
	],
	[
		"vehicles",
		[
			["car", "cars", "automobile", "vehicle", "vehicles", "sedan", "auto"],
			["bicycle", "bike", "bikes", "cycling", "cyclist"],
			["train", "trains", "railway", "locomotive", "rail"],
			["plane", "airplane", "aircraft", "flight", "flights", "jet"],
			["drive", "driving", "drove", "commute"],
		],
	],
	[
		"food",
		[
			["coffee", "espresso", "latte", "caffeine", "cappuccino"],
			["tea", "chai", "matcha"],
			["bread", "baguette", "loaf", "toast"],
			["pizza", "pasta", "spaghetti", "lasagna"],
			["apple", "apples", "fruit", "banana", "orange"],
			["cook", "cooking", "cooked", "recipe", "bake", "baking"],
			["dinner", "lunch", "breakfast", "meal", "meals"],
		],
	],
	[
		"weather",
		[
			["rain", "raining", "rainy", "rainfall", "drizzle", "downpour"],
			["snow", "snowing", "snowfall", "blizzard"],
			["sun", "sunny", "sunshine"],
			["storm", "thunder", "lightning", "hurricane"],
			["cold", "freezing", "chilly"],
			["hot", "heat", "warm", "heatwave"],
		],
	],
	[
		"work",
		[
			["meeting", "meetings", "standup", "sync", "call"],
			["deadline", "deadlines", "due", "cutoff"],
			["budget", "budgets", "cost", "costs", "expense", "expenses", "spending"],
			["project", "projects", "initiative", "roadmap"],
			["manager", "boss", "supervisor", "lead"],
			["hire", "hiring", "recruit", "recruiting", "candidate"],
			["salary", "pay", "wage", "income"],
		],
	],
	[
		"software",
		[
			["bug", "bugs", "defect", "error", "errors", "crash", "crashes"],
			["database", "databases", "postgres", "sql", "sqlite"],
			["deploy", "deployed", "deployment", "release", "released", "rollout"],
			["latency", "slow", "slowness", "lag", "delay"],
			["server", "servers", "backend", "api"],
			["test", "tests", "testing", "unittest"],
			["code", "coding", "programming", "software"],
		],
	],
	[
		"health",
		[
			["doctor", "doctors", "physician", "clinician"],
			["medicine", "medication", "drug", "drugs", "pill", "pills"],
			["hospital", "clinic", "ward"],
			["sick", "ill", "illness", "flu", "fever"],
			["sleep", "slept", "sleeping", "nap", "insomnia"],
			["exercise", "workout", "gym", "fitness"],
		],
	],
	[
		"feelings",
		[
			["happy", "glad", "joyful", "cheerful", "delighted"],
			["sad", "unhappy", "sorrow", "gloomy", "upset"],
			["angry", "furious", "mad", "annoyed"],
			["afraid", "scared", "fear", "anxious", "worried"],
			["love", "loved", "loves", "adore"],
		],
	],
	[
		"travel",
		[
			["trip", "trips", "journey", "travel", "traveling", "vacation", "holiday"],
			["city", "cities", "town", "village"],
			["mountain", "mountains", "hill", "hills", "peak", "hiking", "hike"],
			["beach", "coast", "shore", "seaside", "ocean", "sea"],
			["hotel", "hostel", "inn"],
			["paris", "france", "french"],
		],
	],
	[
		"family",
		[
			["mother", "mom", "mum", "mama"],
			["father", "dad", "papa"],
			["child", "children", "kid", "kids", "son", "daughter"],
			["friend", "friends", "buddy", "pal"],
			["wedding", "marriage", "married", "wife", "husband"],
		],
	],
	[
		"hobbies",
		[
			["music", "song", "songs", "melody", "concert"],
			["guitar", "guitars"],
			["piano", "keyboard"],
			["book", "books", "novel", "novels", "reading", "read"],
			["painting", "paint", "painted", "art", "drawing"],
			["football", "soccer"],
			["running", "run", "jogging", "jog", "marathon"],
			["game", "games", "gaming", "videogame"],
		],
	],
	[
		"home",
		[
			["house", "home", "apartment", "flat"],
			["garden", "gardening", "plants", "flowers"],
			["kitchen", "oven", "stove"],
			["move", "moved", "moving", "relocate"],
		],
	],
	[
		"study",
		[
			["school", "class", "classes", "course", "lecture"],
			["university", "college", "campus"],
			["exam", "exams", "quiz"],
			["learn", "learning", "learned", "study", "studying"],
		],
	],
	[
		"money",
		[
			["money", "cash", "dollars", "euros"],
			["bank", "loan", "mortgage"],
			["buy", "bought", "purchase", "purchased"],
			["sell", "sold", "sale"],
		],
	],
	[
		"time",
		[
			["morning", "dawn", "sunrise"],
			["evening", "night", "tonight", "sunset"],
			["week", "weekend", "weekly"],
			["year", "years", "annual"],
			["yesterday", "today", "tomorrow"],
		],
	],
	[
		"memory",
		[
			["memory", "memories", "remember", "recall"],
			["note", "notes", "journal", "diary"],
			["decision", "decisions", "decide", "decided", "choice"],
			["cause", "caused", "because", "reason"],
			["plan", "plans", "planning", "planned"],
		],
	],
];

/** Frequent words that carry little meaning: a short, faint vector each. */
export const STOP_WORDS = [
	"the",
	"a",
	"an",
	"and",
	"or",
	"but",
	"of",
	"to",
	"in",
	"on",
	"at",
	"for",
	"with",
	"by",
	"from",
	"as",
	"is",
	"was",
	"are",
	"were",
	"be",
	"been",
	"am",
	"it",
	"its",
	"this",
	"that",
	"these",
	"those",
	"there",
	"i",
	"me",
	"my",
	"we",
	"our",
	"you",
	"your",
	"he",
	"him",
	"his",
	"she",
	"her",
	"they",
	"them",
	"their",
	"has",
	"have",
	"had",
	"do",
	"does",
	"did",
	"will",
	"would",
	"can",
	"could",
	"should",
	"so",
	"very",
	"about",
	"not",
	"no",
	"all",
	"some",
	"what",
	"when",
	"who",
	"how",
	"up",
	"out",
	"into",
	"just",
	"also",
];

/** Word pieces that continue a word (WordPiece `##` prefix), so inflections of known stems split. */
export const SUFFIXES = ["##es", "##ed", "##ing", "##er", "##ers", "##ly", "##ness"];

export const SPECIAL_TOKENS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"];

/** Single characters (and their `##` forms) so that any word of Latin letters and digits tokenizes. */
export const CHARACTERS = [..."abcdefghijklmnopqrstuvwxyz0123456789"];

/** Punctuation that the BERT pre-tokenizer splits off as separate tokens. */
export const PUNCTUATION = [...".,!?;:'\"()[]{}-_/\\#*&%$@+=<>|~`^"];
