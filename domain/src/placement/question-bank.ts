/**
 * The level test's questions, written as a teacher writes a placement test: grammar, vocabulary and short
 * reading passages, each with four options and one right answer, in four difficulty bands that match the
 * product's levels (band 1 Begginer … band 4 Avançado). The wrong options are the mistakes a Brazilian
 * learner of that level really makes (false friends, "have" for "there is", missing third-person -s…).
 *
 * Ids are stable: a test in progress names its questions by id, so a question may be reworded but its id
 * never given to another question.
 */

export type Band = 1 | 2 | 3 | 4;
export const BANDS: readonly Band[] = [1, 2, 3, 4];
export type Skill = "grammar" | "vocabulary" | "reading";
export type Choice = 0 | 1 | 2 | 3;

export interface PlacementQuestion {
  id: string;
  band: Band;
  skill: Skill;
  /** The question; `___` marks the gap to fill. */
  prompt: string;
  /** The text a reading question is about. */
  passage?: string;
  options: readonly [string, string, string, string];
  answer: Choice;
}

const q = (
  id: string,
  band: Band,
  skill: Skill,
  prompt: string,
  options: readonly [string, string, string, string],
  answer: Choice,
  passage?: string,
): PlacementQuestion =>
  passage === undefined
    ? { id, band, skill, prompt, options, answer }
    : { id, band, skill, prompt, passage, options, answer };

const cafePassage =
  "Hi, I'm Lucas. I live in Curitiba with my sister. I work in a small café near the university. I start work at seven in the morning and I finish at three. After work, I go to the gym or I study English.";
const emailPassage =
  "Dear Ms Carter, thank you for your order. Unfortunately, the blue jacket you chose is out of stock at the moment. We expect new stock next Friday. If you prefer not to wait, you can choose another colour or cancel the order and we will refund you in full.";
const remotePassage =
  "Working from home was once seen as a perk reserved for a lucky few. Since 2020, however, many companies have discovered that productivity does not necessarily fall when staff stop commuting. Critics point out that new employees, in particular, miss the informal learning that happens when colleagues share an office, and some firms now ask teams to come in two or three days a week.";
const languagePassage =
  "Linguists have long debated whether the language we speak shapes the way we think. The strong version of the hypothesis — that speakers of different languages inhabit incommensurable mental worlds — has largely been discredited. Yet a weaker claim has proved remarkably resilient: experiments suggest that, for instance, speakers of languages which oblige them to mark direction in absolute terms ('the cup is north of the plate') are strikingly good at keeping track of their orientation, even in unfamiliar buildings.";

export const questionBank: readonly PlacementQuestion[] = [
  // Band 1 — Begginer (A1–A2): to be, present simple, there is, basic vocabulary, short personal texts.
  q("b1-01", 1, "grammar", "My brother ___ a doctor.", ["is", "are", "am", "be"], 0),
  q("b1-02", 1, "grammar", "___ you like coffee?", ["Are", "Does", "Do", "Is"], 2),
  q("b1-03", 1, "grammar", "She ___ in a bank.", ["work", "works", "working", "is work"], 1),
  q("b1-04", 1, "grammar", "___ a supermarket near my house.", ["Have", "It has", "There are", "There is"], 3),
  q("b1-05", 1, "grammar", "I'm not hungry. I ___ want anything, thanks.", ["don't", "doesn't", "not", "am not"], 0),
  q("b1-06", 1, "grammar", "This is Paula and Marcos. ___ car is red.", ["His", "Her", "Their", "They"], 2),
  q(
    "b1-07",
    1,
    "grammar",
    "The meeting is ___ Monday ___ 10 o'clock.",
    ["in / on", "on / at", "at / in", "on / in"],
    1,
  ),
  q("b1-08", 1, "vocabulary", "My mother's sister is my ___.", ["cousin", "niece", "grandmother", "aunt"], 3),
  q("b1-09", 1, "vocabulary", "It's very cold today. Take your ___.", ["coat", "sunglasses", "shorts", "sandals"], 0),
  q(
    "b1-10",
    1,
    "vocabulary",
    "A: How are you? B: ___",
    ["I'm 25.", "I'm from Brazil.", "I'm fine, thanks.", "I'm a teacher."],
    2,
  ),
  q("b1-11", 1, "vocabulary", "Which one is a day of the week?", ["March", "Thursday", "Summer", "Tomorrow"], 1),
  q(
    "b1-12",
    1,
    "reading",
    "Where does Lucas work?",
    ["At a university", "At a gym", "At home", "At a café"],
    3,
    cafePassage,
  ),
  q(
    "b1-13",
    1,
    "reading",
    "What time does Lucas finish work?",
    ["At three", "At seven", "In the morning", "After the gym"],
    0,
    cafePassage,
  ),
  q(
    "b1-14",
    1,
    "reading",
    "Who does Lucas live with?",
    ["His friends", "His parents", "His sister", "Alone"],
    2,
    cafePassage,
  ),

  // Band 2 — Intermediário (A2–B1): past simple, future forms, present perfect for experience, comparisons.
  q("b2-01", 2, "grammar", "I ___ to Salvador last summer.", ["go", "have gone", "went", "was go"], 2),
  q("b2-02", 2, "grammar", "___ you ever been to London?", ["Did", "Were", "Do", "Have"], 3),
  q(
    "b2-03",
    2,
    "grammar",
    "This hotel is ___ than the one we stayed in last year.",
    ["cheaper", "more cheap", "cheapest", "as cheap"],
    0,
  ),
  q(
    "b2-04",
    2,
    "grammar",
    "Look at those clouds! It ___ rain.",
    ["will to", "goes to", "is going to", "is raining to"],
    2,
  ),
  q(
    "b2-05",
    2,
    "grammar",
    "While I ___ dinner, the phone rang.",
    ["cooked", "was cooking", "am cooking", "have cooked"],
    1,
  ),
  q(
    "b2-06",
    2,
    "grammar",
    "You ___ wear a suit. The party is casual.",
    ["mustn't", "can't", "shouldn't to", "don't have to"],
    3,
  ),
  q("b2-07", 2, "grammar", "How ___ money do you need for the trip?", ["much", "many", "long", "lot"], 0),
  q(
    "b2-08",
    2,
    "vocabulary",
    "I'm going to ___ a flight to Recife for next week.",
    ["reserve to", "mark", "book", "schedule to"],
    2,
  ),
  q("b2-09", 2, "vocabulary", "He can't come to the meeting. He's ___ a cold.", ["with", "got", "having", "taken"], 1),
  q("b2-10", 2, "vocabulary", "Could you ___ me your pen for a second?", ["borrow", "rent", "give back", "lend"], 3),
  q(
    "b2-11",
    2,
    "vocabulary",
    "She's very ___: she always tells people what she really thinks.",
    ["honest", "lazy", "shy", "polite"],
    0,
  ),
  q(
    "b2-12",
    2,
    "reading",
    "Why is Ms Carter receiving this e-mail?",
    [
      "Her jacket arrived damaged",
      "The jacket she ordered is not available now",
      "She forgot to pay",
      "The shop is closing",
    ],
    1,
    emailPassage,
  ),
  q(
    "b2-13",
    2,
    "reading",
    "What can Ms Carter do if she does not want to wait?",
    [
      "Only wait until Friday",
      "Buy the jacket in another shop",
      "Choose another colour or get her money back",
      "Call the shop on Friday",
    ],
    2,
    emailPassage,
  ),
  q(
    "b2-14",
    2,
    "reading",
    "When does the shop think it will have the jacket again?",
    ["Today", "In a month", "It will never have it", "Next Friday"],
    3,
    emailPassage,
  ),

  // Band 3 — Intermediário Avançado (B1–B2): conditionals, passive, reported speech, phrasal verbs, false friends.
  q(
    "b3-01",
    3,
    "grammar",
    "If I ___ more time, I would learn to play the guitar.",
    ["had", "have", "would have", "will have"],
    0,
  ),
  q("b3-02", 3, "grammar", "I've been working here ___ 2019.", ["for", "since", "during", "from"], 1),
  q(
    "b3-03",
    3,
    "grammar",
    "The new bridge ___ by the end of next year.",
    ["will finish", "will be finished", "is finishing", "finishes"],
    1,
  ),
  q(
    "b3-04",
    3,
    "grammar",
    "She told me she ___ the report the day before.",
    ["has sent", "sends", "was send", "had sent"],
    3,
  ),
  q("b3-05", 3, "grammar", "I'm not used to ___ up so early.", ["getting", "get", "got", "be getting"], 0),
  q("b3-06", 3, "grammar", "That's the colleague ___ laptop was stolen.", ["who", "which", "whose", "that's"], 2),
  q(
    "b3-07",
    3,
    "grammar",
    "You'd better ___ your manager before you leave.",
    ["to tell", "telling", "tell", "told"],
    2,
  ),
  q(
    "b3-08",
    3,
    "vocabulary",
    "Don't ___ up! You're almost at the end of the course.",
    ["take", "put", "get", "give"],
    3,
  ),
  q(
    "b3-09",
    3,
    "vocabulary",
    "She ___ to study medicine next year, so she's taking biology classes now.",
    ["intends", "pretends", "attends", "assists"],
    0,
  ),
  q(
    "b3-10",
    3,
    "vocabulary",
    "The company is ___ three new developers this month.",
    ["pushing", "hiring", "renting", "applying"],
    1,
  ),
  q("b3-11", 3, "vocabulary", "I'd like to ___ a complaint about the delay.", ["do", "make", "give", "take"], 1),
  q(
    "b3-12",
    3,
    "reading",
    "According to the text, what did many companies discover?",
    [
      "Commuting improves productivity",
      "Working from home is only for a lucky few",
      "Staff prefer to come to the office",
      "Productivity does not always drop when people work from home",
    ],
    3,
    remotePassage,
  ),
  q(
    "b3-13",
    3,
    "reading",
    "What concern do critics raise?",
    [
      "New employees lose the informal learning of a shared office",
      "Offices are too expensive",
      "Experienced staff work less",
      "Commutes are getting longer",
    ],
    0,
    remotePassage,
  ),
  q(
    "b3-14",
    3,
    "reading",
    'In the text, a "perk" is…',
    ["a kind of contract", "a problem at work", "an extra benefit of a job", "a company rule"],
    2,
    remotePassage,
  ),

  // Band 4 — Avançado (B2–C1): inversion, mixed conditionals, modals of deduction, collocation, inference.
  q(
    "b4-01",
    4,
    "grammar",
    "Not only ___ late, but he also forgot the documents.",
    ["he arrived", "did he arrive", "he did arrive", "arrived he"],
    1,
  ),
  q(
    "b4-02",
    4,
    "grammar",
    "If she had taken the job in Lisbon, she ___ in Portugal now.",
    ["will live", "would have lived", "had lived", "would be living"],
    3,
  ),
  q(
    "b4-03",
    4,
    "grammar",
    "He ___ the e-mail; otherwise he would have replied by now.",
    ["can't have read", "mustn't have read", "shouldn't read", "needn't have read"],
    0,
  ),
  q(
    "b4-04",
    4,
    "grammar",
    "___ the heavy traffic, we arrived on time.",
    ["Although", "Despite", "In spite", "However"],
    1,
  ),
  q(
    "b4-05",
    4,
    "grammar",
    "It's high time we ___ a decision about the budget.",
    ["make", "made", "will make", "have made"],
    1,
  ),
  q(
    "b4-06",
    4,
    "grammar",
    "The project, ___ was launched in March, has already exceeded its targets.",
    ["that", "what", "whose", "which"],
    3,
  ),
  q(
    "b4-07",
    4,
    "grammar",
    "Hardly ___ the presentation when the power went out.",
    ["had she started", "she had started", "has she started", "she started"],
    0,
  ),
  q(
    "b4-08",
    4,
    "vocabulary",
    "The negotiations have reached a ___; neither side is willing to compromise.",
    ["deadline", "breakthrough", "deadlock", "landmark"],
    2,
  ),
  q(
    "b4-09",
    4,
    "vocabulary",
    "The CEO's speech was so ___ that half the audience lost interest.",
    ["straightforward", "short-lived", "long-winded", "well-rounded"],
    2,
  ),
  q(
    "b4-10",
    4,
    "vocabulary",
    "We need to ___ the pros and cons before signing the contract.",
    ["measure", "count on", "balance out", "weigh up"],
    3,
  ),
  q(
    "b4-11",
    4,
    "vocabulary",
    "Her explanation didn't ___ water: the numbers simply didn't add up.",
    ["hold", "carry", "keep", "bear"],
    0,
  ),
  q(
    "b4-12",
    4,
    "reading",
    "What does the text say about the strong version of the hypothesis?",
    [
      "It has been widely accepted",
      "It has mostly been rejected",
      "It has never been tested",
      "It explains orientation skills",
    ],
    1,
    languagePassage,
  ),
  q(
    "b4-13",
    4,
    "reading",
    "The experiments mentioned suggest that…",
    [
      "language has no effect on thought",
      "some grammatical habits may train particular mental skills",
      "all speakers share identical mental worlds",
      "direction words are unnecessary",
    ],
    1,
    languagePassage,
  ),
  q(
    "b4-14",
    4,
    "reading",
    'In the text, "resilient" is closest in meaning to…',
    ["fragile", "popular", "recently invented", "hard to dismiss"],
    3,
    languagePassage,
  ),
];

const byId = new Map(questionBank.map((question) => [question.id, question]));

/** The question of an id (undefined for an id the bank never had). */
export const questionById = (id: string): PlacementQuestion | undefined => byId.get(id);
