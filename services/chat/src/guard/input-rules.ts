import {
  FIND_STOCK,
  METRIC,
  TIME,
  isDefinitional,
  isEducationallyFramed,
  isGeneral,
  mentionsMarkets as mentionsMarketsIn,
} from './framing';
import type { GuardCategory } from './guard-category';
import { type PreparedQuestion, normalizeText, prepareQuestion } from './normalize';

export type { GuardCategory };

/** A rule that matched: `strong` rules block even an educationally phrased question. */
export type RuleHit = { rule: string; category: GuardCategory; strong: boolean };

// `unless`: a question it matches is about something else ("which is better to learn, RSI or MACD?"), so the rule
// does not count.
type Rule = { id: string; category: GuardCategory; strong: boolean; pattern: RegExp; unless?: RegExp };

const ACTION = '(buy|sell|hold|exit|enter|invest|accumulate|short|add|average down|book profits?|go long|get in|get into|pick|trade|purchase|dump|switch)';

// Plain-word ways of entering or leaving a position ("jump in", "take money off the table", "let it ride").
const ENTER_EXIT =
  '(jump in|jump into|step in|step into|get into|get in|hop in|go in|get out|pull out|cash out|stay in|stay invested|stay put|let it ride|ride it|trim|load up|take (money|profits?|some money|chips) off( the table)?|move on)';

const STOCK = '(stocks?|shares?|scrips?|equity|equities|companies|company|counters?|midcaps?|smallcaps?|large ?caps?)';

// Other things to invest in, for requests to pick one ("suggest an index fund", "best mutual fund for me").
const PRODUCT = '(mutual funds?|index funds?|funds?|etfs?|ipos?|sectors?|bonds?|reits?|sips?|penny stocks?)';

const ASK = '(give|tell|suggest|recommend|name|send|find|list|show|drop|post|batao|bata|bataiye)';

const FUTURE_MOVE =
  '(reach|touch|hit|cross|go to|get back to|come back to|return to|bounce back|go up|go down|go higher|go lower|rise|fall|drop|jump|double|triple|recover|climb|rally|crash|fly|move|outperform|' +
  'underperform|gain|surge|soar|sink|tank|slide|bounce|rebound|turn around|break out|bottom out|correct|skyrocket|explode|moon|do well|do badly|perform|trade at|close at|be at)';

// The stocks, the market or a named stock, as the subject of a question about the future.
const SUBJECT = '(ticker|it|this|that|they|the market|markets|nifty|sensex|bank nifty|banknifty|the index|the stock|this stock|the share|this share|the price|prices)';

// A move of a price or a market, as a noun: "is a crash coming?", "are we heading for a bear market?".
const MOVE_NOUN =
  '(crash|crashes|correction|corrections|rally|rallies|recovery|rebound|bounce|bounce back|bull run|bull market|bear market|bear phase|downturn|slump|sell ?off|meltdown|fall|dip|breakout|' +
  'up ?move|down ?move|move (up|down|higher|lower)|big move|surge|spike|turnaround|boom|collapse|short squeeze|new (all time |record |lifetime |52 week )?(high|low)s?|all time high|record high)';

// The same moves as verbs, for "are IT stocks about to rally?".
const MOVE_VERB =
  '(crash|correct|rally|recover|rebound|bounce( back)?|fall|drop|dip|slide|sink|tank|rise|climb|jump|surge|soar|spike|fly|break ?out|go (up|down|higher|lower)|move (up|down|higher|lower)|outperform|underperform|double|collapse|turn around|bottom out|peak|top out)';

// What a forecast is pinned to: soon, a date, an event ahead ("after the election", "by the results").
const AHEAD = '(around the corner|round the corner|on the cards|in the offing|in store|imminent|ahead|likely|expected|looming|on the way|coming|due|overdue|near|brewing|next|about to (start|begin|happen|hit|come))';

// Choices between ideas to learn rather than things to own ("which is better for beginners, RSI or MACD?").
const CONCEPT_CHOICE = /^(?!.*\b(ticker|for me|my|i|me|we|now|today|tomorrow|this (week|month|year)|next (week|month|year))\b)|^(?!.*\bticker\b).*\b(learn|learning|study|understand|read|indicators?|rsi|macd|ema|sma|bollinger|ratios?|p e|pe ratio|method|methods|approach|strategy|analysis|books?|course|courses|concept|charts?)\b/;

// "When is the best time to start a SIP?", "is there a best day of the week to buy stocks?": timing in general.
const GENERIC_TIMING = /\b(time|day|month|moment|hour)( of (the )?\w+)? to \w+ (in )?(a|an|stocks|shares|equities|equity|mutual funds|funds|sips?)\b/;

// Tips about learning or habits, not about stocks ("general tips for beginners", "tips on reading charts").
const LEARNING_TIPS = /\b(general|beginner|beginners|safety|learning|study|budgeting|saving|savings|tax|safe investing|some basic) tips\b|\btips (for|on|to) (\w+ )?(beginners?|new investors|learn\w*|read\w*|avoid\w*|sav\w*|staying safe|spot\w*|understand\w*|analy[sz]\w*|study\w*|improv\w*|start\w*)\b/;

// Casual ways of asking for a verdict on owning something: a binary choice ("yay or nay", "hold or fold"), an
// evaluative nickname ("a keeper", "a steal") or a slang move ("hop on", "go heavy", "say goodbye").
const VERDICT_SLANG =
  '(yay or nay|yes or no|in or out|go or no go|hit or miss|smash or pass|hold or fold|steal or skip|keep or (\\w+ )?(go|sell|dump|kick|cut|let|exit|move)|or nah|or (let|cut) (it|them) (go|loose)|or leave it|or wait|or skip|or pass|' +
  'keeper|a steal|a bargain|bargain to grab|a trap|worth a (punt|shot|bet|flutter)|must (have|own)|(smart|wise|good|sensible) (move|add|addition)|go for it|pull the trigger|hop on|jump in|pile in|load up|load the truck|' +
  'top up|go heavy|go big|double down|average down|cash out|bank the gains|say goodbye|cut (it|them) loose|hang on to|hold on to|hang onto|keep riding|get on board|hop on board|missed the bus|' +
  'gets my (vote|money)|goes in(to)? my|pick one|your (verdict|vote|take))';

// Asking for the assistant's judgement on a move: "sound plan?", "worth keeping?", "does that make sense?", "would it be
// wise?", "smart or silly?". Together with a named stock this is a verdict request however politely it is put.
const OPINION_ASK =
  '(sounds? (like )?a plan|sounds? (like )?(a )?(okay|ok|fine|good|right|reasonable|sensible|smart|wise|alright|all right|decent|solid|crazy|silly|risky|stupid|dumb)( (plan|idea|move|call|step))?\\b|' +
  '(a )?(sensible|wise|smart|prudent|reasonable|good|safe|right|decent|solid) (choice|option|step|course|bet|strategy|approach)|(an? )?(buying )?(opportunity|chance|bargain) or (an? )?(warning|trap|value trap|risk|red flag|falling knife)|(am i|would i be|will i be) (right|wrong|smart|silly|crazy|foolish|stupid|making a mistake)|' +
  '(comfortable|happy|okay|ok|fine) (holding|owning|buying|adding|keeping|sitting on)|' +
  '(a |the )?(sound|good|smart|wise|sensible|reasonable|prudent|clever|right|fine|decent|solid|okay|ok) (plan|idea|call|choice|decision|route|entry|move|thing to do|time to \\w+)|' +
  'makes? (more )?sense|good sense|worth (keeping|holding|owning|buying|adding|accumulating|hanging on ?to|holding on ?to|the risk|it)|worthwhile|' +
  '(is|would|will) it be (wise|smart|prudent|sensible|clever|reasonable|a mistake)|(wise|smart|prudent|sensible|clever|reckless|premature|silly|justified|okay|ok) (or|to hold|to buy|to keep|to enter)\\b|(wise|smart|prudent|sensible|clever|reckless|premature|silly|justified)$)';

// The asker changing their own position: "doubling my stake", "riding out the slump in my shares", "adding to my
// holding", "trim my position".
const MY_POSITION_CHANGE =
  '\\b(doubl\\w*|tripl\\w*|increas\\w*|rais\\w*|top\\w* up|trim\\w*|cut\\w*|halv\\w*|reduc\\w*|sell\\w*|exit\\w*|add\\w* (to|more to)|averag\\w* down|book\\w* (profits? )?(on|in)|hold\\w* (on to|onto)|keep\\w*|ride|riding|sit\\w* (on|tight)|park\\w*|mov\\w*|switch\\w*|put\\w*|dump\\w*) ' +
  '(\\w+ ){0,3}(my|our) (\\w+ )?(stake|position|positions|holding|holdings|shares|exposure|allocation|investment|investments|units|lots?|bet|money|savings|bonus|sip|sips)\\b';

// Explanations about a named stock ("why does it make sense for Coal India to pay out so much?") and what a phrase means.
const EXPLAINS = /^(?!(what|how) (do|would|about) (you|u)\b|how about\b)(what|why|how|when|who|explain|define|describe|tell me about|can you explain)\b|\b(mean|means|meaning|slang|jargon|phrase|term)\b/;

// No stock, moment or asker's money named: a question about a practice ("is it wise to invest without research?").
const PRACTICE =
  /^(?!.*\b(ticker|this (stock|share|fund|ipo)|these (stocks|shares)|them|now|today|tomorrow|this (week|month|year)|next (week|month|year)|current (level|levels|price|prices)|these levels|more|for me|my (money|savings|portfolio|bonus|salary))\b)/;

// "Will stock prices always recover after a crash?": how markets behave in general, with no stock named.
const GENERAL_BEHAVIOUR = /^(?!.*\bticker\b).*\b(always|usually|historically|generally|typically|in general|on average|in the long run|ever)\b/;

// "Someone asked for my demat password, what should I do?": keeping an account safe, not a trade.
const ACCOUNT_SAFETY = /\b(password|otp|pin|scam|scammer|fraud|hacked|stolen|phishing|cheated|lost money|asked (me )?for|kyc|sms|email|link|app)\b/;

const rules: Rule[] = [
  // ---- prompt injection and role play: always blocked
  { id: 'ignore-instructions', category: 'prompt_injection', strong: true, pattern: /\b(ignore|disregard|forget|override|bypass|skip|drop)\b(\s+\w+){0,4}\s+(instructions?|rules?|guidelines?|prompts?|restrictions?|filters?|disclaimers?|compliance|safety|policy|policies|programming|training|above)\b/ },
  { id: 'reveal-prompt', category: 'prompt_injection', strong: true, pattern: /\b(text|words|message|messages|instructions?|content|rules) (that )?(appears?|comes?|came|was|were|is|are|sits?)? ?(before|above|prior to) (my|the|this|our) (first )?(message|question|conversation|chat)\b|\bbefore (my|the) first (message|question)\b|\b(system|hidden|initial|secret|original|developer)\s+(prompt|instructions?|message|rules)\b|\b(reveal|print|show|repeat|output|display|leak|dump)\b(\s+\w+){0,4}\s+(prompt|instructions?)\b/ },
  { id: 'disable-filters', category: 'prompt_injection', strong: true, pattern: /\b(disable|deactivate|turn off|switch off|remove|lift|lifted|suspend|suspended|waive|waived|bypass)( \w+){0,3} (filters?|rules?|restrictions?|compliance|guard|guards|guardrails?|safety|censorship|limits?|limitations?|disclaimers?)\b|\b(restrictions?|rules|filters?|limits) (have been|has been|are|is) (lifted|removed|disabled|off|waived|suspended)\b|\bnew (instruction|instructions|rule|rules) (from|by)\b/ },
  { id: 'encoded', category: 'prompt_injection', strong: true, pattern: /\b(base ?64|rot ?13|decode this|decode the|encoded|in hex|hex encoded|reverse this|read (it )?backwards)\b|\b(?=\w*\d)(?=\w*[a-z])\w{20,}\b/ },
  { id: 'instructions-given', category: 'prompt_injection', strong: true, pattern: /\bwhat (instructions|rules|prompt) (were|are|was|have) you (given|told|using)\b|\brepeat (the )?(text|words|everything) (above|before)\b/ },
  { id: 'jailbreak', category: 'prompt_injection', strong: true, pattern: /\b(testing|test|debug|maintenance|dev|developer|admin|god|sudo|advice|expert|unlocked|unsafe|raw|jailbreak|unrestricted|unfiltered) mode\b|\byou (can|may) (now )?(give|share|tell|provide|send) (me |us )?(the )?(targets?|calls?|tips?|recommendations?|advice|picks?|buy|sell)\b|\b((system|safety|compliance|admin|developer) override|overrid(e|den|ing) (your|the|all|any|these|those|previous|prior|system|safety|compliance|sebi) (\w+ )?(rules?|instructions?|restrictions?|filters?|settings|programming|guidelines|compliance|safety)|(advice|admin|god|sudo) mode|configured (with|to)|before this (chat|conversation)|unfiltered|uncensored|no limits|no filters?|without limits|dan|jailbreak|jailbroken|developer mode|god mode|sudo mode|unrestricted|without (any )?restrictions|no restrictions|compliance (is )?(disabled|off)|new instructions?|you are allowed to)\b|^system\b|\bsystem\s*:|<\/?system>/ },
  { id: 'role-play', category: 'role_play', strong: true, pattern: /\b(pretend|imagine you|roleplay|role play|play the role|in character|act as|act like|you are now|you re now|from now on you|as an? (expert|registered|sebi|financial|stock|professional) \w+|as my (personal )?(financial )?(advisor|adviser|broker|planner|friend|uncle)|you are (a|an|my) (sebi|registered|research|financial|fund|stock|personal|best)|let s play|for a (story|novel|movie|game)|hypothetically|suppose you|supposing you|assume you|assuming you|imagine if you|what if you (were|could|had|are)|if you (could|were allowed|had to|were free)|no rules|rules do not apply|don t apply|not apply to you|speak as|answer as)\b/ },

  { id: 'persona', category: 'role_play', strong: true, pattern: /\b(talk|speak|behave|respond|reply|write|think) (like|as) (a|an|my|the|some|\w+ \w+)\b|\banswer like\b|\bas if you (are|were)\b|\bbe my (\w+ ){0,2}(advisor|adviser|broker|buddy|guru|mentor|analyst|planner|tipster|trader|friend|uncle)\b|\b(now )?you (are|re) (now )?(\w+ ){0,2}(an? )?(\w+ ){0,2}(ai|bot|assistant|model|gpt|trader|advisor|adviser|broker|analyst|guru|expert|tipster|uncle|mentor|insider|fund manager)\b(?! (registered|regulated|allowed))|\b\w+gpt\b|\b(fictional|imaginary|alternate|parallel) (world|universe|story|scenario)\b|\bin a (story|novel|movie|film|game|dream)\b|\bwrite a (story|poem|script|dialogue|scene|song) (where|in which|about)\b/ },

  // ---- direct and indirect buy/sell/hold requests
  { id: 'should-i-act', category: 'recommendation', strong: true, pattern: new RegExp(`\\b(should|shall|must) (i|we) (still |now |just |also |not )?(${ACTION.slice(1, -1)}|put|move|go for|get|take|stay|keep|sell off|load up|enter|${ENTER_EXIT.slice(1, -1)})\\b|\\b(say|says|think|thinks|feel|reckon) (that )?(i|we) should\\b|\\b(should|shall|must) (i|we) (\\w+ )?(stop|pause|continue|redeem|withdraw|break|start|increase|reduce|cancel) (my |our |the |a |an )?(sips?|investments?|funds?|fds?|trading|investing|positions?|mutual funds?|holdings?)\\b|\\bwhat (do|can|could|should|shall) (i|we|a beginner|beginners|a student|students|a newbie|newbies|a retiree|retirees|my \\w+|he|she|one) (buy|sell|invest in|pick|purchase|trade|short|own|start with)\\b`) },
  // Soft: "can I buy US stocks from India?" asks about the rules; "can I buy more SBI tomorrow?" is blocked all the same.
  { id: 'can-i-act', category: 'recommendation', strong: false, pattern: new RegExp(`(?<!\\b(how|where|when|from where) )\\b(can|could|do) (i|we) (still |now |just |also |not )?(${ACTION.slice(1, -1)}|put|move|go for|get|take|stay|keep|sell off|load up|enter)\\b(?! (the |my |a |any )?(dividends?|bonus|refund|money|allotment|interest|credit)\\b)`) },
  { id: 'i-should-act', category: 'recommendation', strong: true, pattern: new RegExp(`\\b(whether|if) (i|we) should\\b|\\b(tell|advise|help) me (whether|if|what|which|to|when) (\\w+ ){0,2}${ACTION}\\b|\\badvise (me )?(whether|if|when|on whether) (to )?\\w+|\\bhelp me decide\\b`) },
  { id: 'buy-or-sell', category: 'recommendation', strong: true, pattern: /(?<!\b(i|we|they|people|investors|traders|you|someone|when|to) )\b(buy|sell|hold|exit|enter|keep) (or|and|vs|versus) (sell|hold|exit|wait|buy|keep|not)\b(?! (ratings?|recommendations?|signals?|calls?|orders?|side|advice|decisions?|buttons?|prices?)\b)|\bbuy sell or hold\b(?! (ratings?|recommendations?|signals?|calls?))/ },
  // "Time to grab some?", "is now a fine moment to get in?": the moment to act, whatever the adjective.
  { id: 'time-to-act', category: 'recommendation', strong: true, pattern: new RegExp(`\\b(time|moment|chance|opportunity|point) to (buy|sell|enter|exit|invest|accumulate|add|book|short|grab|pick up|buy in|go long|average|dump|${ENTER_EXIT.slice(1, -1)})\\b|\\b(is|are) (now|this|it|today|these levels) (a |the )?(\\w+ )?(time|moment|day|chance|opportunity|entry|point)\\b`), unless: GENERIC_TIMING },
  { id: 'good-buy', category: 'recommendation', strong: true, pattern: /\b(good|great|strong|safe|right|smart|bad|best|wise) (buy|sell|bet|pick|entry|investment|(time|moment|idea|price|level) to (buy|sell|enter|exit|invest|accumulate|add|book|short|get in|hold|switch|average)|decision)\b(?! (rating|ratings|signal|signals|recommendation|recommendations|call|calls)\b)|\bbest bet\b/, unless: GENERIC_TIMING },
  { id: 'is-it-a-buy', category: 'recommendation', strong: true, pattern: /\b(is|are) (it|this|that|they|(?!(a|an|the|what|there)\b)\w+) (a |an )?(long term |short term |good |strong |clear )?(buy|sell|hold)\b(?! (back|side|order|rating|signal|off|offs)s?\b)|\ba (buy|sell) (now|today|yet)\b|\b(?!(what|which|there|it|this|that)\b)\w+ (is|are) (a |an )?(good |strong |clear )?(buy|sell)\b(?! (back|side|order|orders|rating|ratings|signal|signals|off|offs|limit|call|calls|price|recommendations?|pressure|volume|trades?|decisions?)\b)|^(buy|sell|exit|short|accumulate|hold) (\w+ )?(now|today|tomorrow|or|$)|\byes or no\b.*\b(buy|sell|hold|exit)\b/ },
  { id: 'worth-buying', category: 'recommendation', strong: true, pattern: /\bworth (buying|investing|selling|holding|it|a buy|adding|owning|getting)\b|\btoo late to (buy|sell|enter|get)\b|\b(cheapest|safest|best|right one|better) to (buy|sell|pick|hold|own)\b|\b(enough|cheap enough|low enough) to (buy|sell|enter|invest|accumulate|add)\b|\b(ideal|right|best|good|perfect) (buy|sell|entry|exit) (price|level|point|zone)\b|\b(right|good|best|ideal|perfect|correct|fair|reasonable|sensible) (\w+ )?(price|level|time|moment|point|entry|zone|valuation) (to|for) (buy|enter|sell|exit|invest|add|accumulate|book|get in|pay)\b|\bshould (my|our) \w+ (buy|sell|hold|exit|invest)\b|\bcut (my |the )?loss(es)?\b|\b(sell|buy|exit) (all|everything|it|them) or (hold|sell|buy|wait|keep)\b|\bto (buy|sell|exit|enter) (it |them )?(now|today|tomorrow|at this level|at these levels)\b|\b(time|moment) to (buy|sell|enter|exit|invest|book)\b(?! (a|the) (\w+ )?(fund|sip))/ },
  { id: 'stock-to-act', category: 'recommendation', strong: true, pattern: new RegExp(`\\b${STOCK} (to|i should|should i|we should|i can|worth) (buy|sell|pick|invest|trade|hold|accumulate|go for|get|purchase|add)\\b|\\b(which|what) (stock|share|company|scrip)s? (is|are|will|would) (\\w+ ){0,3}(likely to|going to|gonna|expected to|planning to|about to|ready to|set to|poised to) (buy|sell|pick|add|rise|jump|go up|fall|double|explode|run|fly|rally|break out|move)\\b|\\b(which|what) (one|stock|share|company|scrip|sector|midcap|smallcap|bank stock|it stock|pharma stock|auto stock|mutual fund|index fund|fund|etf|ipo)s? (to|should|shall|do you|would you|will|can|is best|is better|gives?|has the best|are you)\\b`) },
  { id: 'which-is-better', category: 'recommendation', strong: true, pattern: /\bwhich (is|one is|of (these|them|the two)( stocks)?) (better|best|the best)\b|\bwhich of these (stocks )?(would|should|to)\b|\bwhich (one )?will (give|deliver|generate|make|return|perform|do) (better|more|higher|the best|best)\b|\bwhere should (my|i put my|i invest my) (money|savings|bonus)\b|\bwhere should i invest\b/, unless: CONCEPT_CHOICE },
  { id: 'ask-for-picks', category: 'recommendation', strong: true, pattern: new RegExp(`\\b(${ASK} (me|us)|${ASK} (me |us )?(some|any|a few|a|an|one|two|three|five|ten|\\d+|your|the best|top|good|best|hot|exact|specific|particular)|share (me |us )?(some|any|your|a)) (\\w+ ){0,3}(stock|share|scrip|pick|call|trade|counter|penny stock|midcap|smallcap|tip|mutual fund|index fund|fund|etf|ipo|sector|name|target)s?\\b(?! (split|splits|exchange|exchanges|market|markets|price history|prices|index|indices|buyback|buybacks)\\b)`) },
  { id: 'top-picks', category: 'recommendation', strong: true, pattern: new RegExp(`\\b(top|best|hot|good|safe|safest|strong|solid|reliable) (\\d+ |ten |five |three )?(\\w+ )?${STOCK} (to|for|of|in|right now|now|this|today|tomorrow)\\b|\\b(your|ur) (top )?(pick|picks|call|calls|recommendation|favourite|favorite|prediction|forecast|outlook|guess)\\b|\\b(what do you think|your thoughts|what is your view) (about|on|of)\\b.*\\b(buy|sell|hold|invest|exit)\\b|\\btop pick\\b|\\b(top|best|hot|good|safest|right) (\\d+ )?(\\w+ )?${PRODUCT} (to|for|of|in|right now|now|this|today)\\b|\\b(best|top|good|right|ideal|safest|better) (\\w+ ){0,2}for (me|my|us)\\b|\\b(good|great|safe|right|smart|solid|decent|bad|best|better|wise) (stock|share|fund|company|investment|option|choice|ipo|etf|sector) to (buy|invest|own|hold|add|pick|sell|enter|exit|get|apply)\\b`) },
  { id: 'would-you', category: 'recommendation', strong: true, pattern: new RegExp(`\\b(would|will|do|did|shall) you (never |always |ever |personally |still )?(${ACTION.slice(1, -1)}|recommend|suggest|pick|choose|advise|agree|buy more)\\b|\\byou (would|will|d) (never |always |ever |personally )?(buy|sell|hold|pick|choose|keep)\\b|\\bif you were (me|in my)\\b|\\bwhat would you do\\b|\\bwhat would (a|an|the|any) (\\w+ ){0,2}(investor|trader|expert|analyst|person|advisor|adviser|fund manager|professional|guru) do\\b|\\bwhat (should|would|to) (\\w+ ){0,3}do with (ticker|my|it|these|them)\\b|\\bwould (buying|selling|exiting|holding|investing|averaging)\\b|\\bwould it be (smart|wise|good|better|right)\\b`) },
  // "Is it wise to invest in INFY now?" asks for a decision; "is it safe to keep shares in a demat account?" about a practice.
  { id: 'is-it-wise', category: 'recommendation', strong: true, pattern: /\b(is|would) (it|that|this) (be )?(a )?(good|ok|okay|fine|better|wise|smart|right|safe|sensible|good idea|bad idea|mistake) (to|if i) (buy|sell|invest|enter|exit|hold|accumulate|add|average|book|switch|get in|put|trade)\b/, unless: PRACTICE },
  { id: 'bullish-on', category: 'recommendation', strong: true, pattern: /\b(are you|you are|you re) (bullish|bearish|positive|negative)\b|\b(bullish|bearish) on which\b/ },
  { id: 'good-idea', category: 'recommendation', strong: true, pattern: /\b(buying|selling|holding|exiting|investing in) \w+ (now |today )?(is )?(a )?(good|bad|wise|right|smart)\b|\b(thinking|planning) (of|to|about) (buying|selling|buy|sell|exit|invest)\b|\bgood decision\b/ },
  { id: 'go-up-tomorrow', category: 'price_target', strong: true, pattern: new RegExp(`\\b(will|going to|gonna|likely to|expected to)(?! (a|an|any|most|all|every|stocks|shares|prices|companies|markets generally|(the |my |our )?(money|funds?|amount|refund|proceeds|payout|credit))\\b)( \\w+){0,4} ${FUTURE_MOVE}\\b`), unless: GENERAL_BEHAVIOUR },
  { id: 'headed', category: 'price_target', strong: true, pattern: new RegExp(`\\b(is|are) ${SUBJECT} (\\w+ ){0,2}(headed|heading|going|set|poised|due|likely|about) (to (go |move )?)?(higher|lower|up|down|north|south|upward|downward|for a (fall|rally|correction|crash|breakout))\\b|\\b(tomorrow|tomorrow s|next week s|next month s|friday s|monday s|today s) (closing|opening|close|open|high|low) (price|level)?|\\b(which|what) (direction|way) (will|is|would)\\b|\\bwhere (is|are) ${SUBJECT} (\\w+ ){0,2}(headed|heading|going|moving|trending|likely to go)\\b|\\b(likely|probable|future|projected|estimated|expected|next|fair|realistic|possible) (share )?(price|level|value|close|closing price|high|low|peak|bottom|top|range) (of|for|on) (ticker|it|this|nifty|sensex|bank nifty|the market|the index)\\b|\\b(is|are) ${SUBJECT} going to \\d|\\b(up|down|higher|lower|green|red) or (up|down|higher|lower|green|red) ${TIME}`) },
  { id: 'predict', category: 'price_target', strong: true, pattern: /(^|\b(please|pls|can you|could you|just|now|then|and|kindly|bro|bhai) )(predict|forecast|guess|estimate|project)\b(?! (kaise|means?|matlab|mein|me|ka|ki|ke|kyun|accuracy|errors?|models?|methods?|bands?)\b)|\b(when|how soon) will (ticker|it|the market|nifty|sensex|prices|the price|this stock|markets?) (recover|rise|fall|bottom|peak|crash|go|turn|rebound|bounce)\b/ },
  { id: 'recommend-stock', category: 'recommendation', strong: true, pattern: /\b(do you|can you|could you|would you) (recommend|suggest)\b|\bdo you (think|agree|feel) (i|we|it|this|that|\w+ is)\b/ },
  { id: 'quick-money', category: 'recommendation', strong: true, pattern: /\b(quick|fast|easy) (money|profit|buck|gains?)\b|\bmaximum (profit|return|gain)s?\b|\bmake me (rich|a crorepati|money)\b|\bcrorepati\b/ },

  { id: 'verdict', category: 'recommendation', strong: true, pattern: /(^|\b(please|pls|can you|could you|would you|will you|just|now|also|kindly|bro|bhai|warren|then|and|quickly) )(rate|rank|grade|score|judge|review) (ticker|these|this|that|my|the following|them|it|both|each|all|stocks?|shares?)\b|\b(out of|on a scale of) (10|ten|5|five|100)\b|\bgive (ticker|it|this|that|them|these|\w+) (a|an|your) (\w+ ){0,2}(rating|verdict|score|grade|call|thumbs up)\b|\bthumbs (up|down)\b|\b(green|red) flag or (green|red) flag\b|\b(smart|good|wise|right) (move|call|decision) or (dumb|bad|stupid|wrong|foolish) (move|call|decision)\b|\b(in|out) or (in|out)\b|\bhow (does|do) (ticker|it|this stock|this share|they) look (to you|for (me|my))\b|\bpick (the|a) (winner|better one|best one|stronger one)\b|(?<!\b(what|why|how|when|where|who|which|whether) )\bis (?!(there|it true)\b)(\w+ ){1,3}(a |an )?(trap|bargain|steal|value trap|good deal|good value|must buy|no brainer)\b|\b(your|ur) (honest |frank |personal |quick |real |gut )?(opinion|view|take|verdict|gut feeling|feeling|thoughts|stance|rating|outlook|sense) (on|about|of|for) (ticker|it|this|that|these|them|the (stock|share|market|company)|nifty|sensex|(\w+ )?(stocks?|shares?))\b|\b(do|would) you (like|love|hate|rate|trust|prefer|back)\b|\bwould you trust\b|\bhelp me (choose|pick|decide|select|figure out which)\b|\b(nudge|point) me (in the right direction|towards?)\b/ },
  { id: 'bare-call', category: 'recommendation', strong: true, pattern: /^(buy|sell|exit|short|accumulate|hold|dump|avoid|add) (ticker|it|this|these|them|this stock|this share)\b|\b(ticker|it|this stock|this share) (buy|sell|hold|exit|avoid)( or (sell|hold|not|exit|buy|wait|avoid|skip))?( now| today| tomorrow)?$|\b(buy|sell|hold|exit|invest|enter|get in|add)( (in |into )?(it|ticker|this|them))? or not\b|\b(buy|sell|hold|exit|invest|add|avoid)\b.*\b(y n|yes or no|yes no|haan ya na|haan ya nahi|ha ya na)\b|\bis (?!(there|it true|that true|this true)\b)(?<!\b(what|why|how|when|where|who|which|whether) is )(\w+ ){1,4}(a |an )(good |great |strong |safe |solid |decent |clear |long term |short term |buy or |)(buy|sell|hold|bet|pick)\b(?! (rating|ratings|signal|signals|recommendation|call|calls|order|orders|side|back|and|or|vs)\b)/ },
  { id: 'market-timing', category: 'price_target', strong: true, pattern: new RegExp(`\\b(is (this|it|that|now) the|has (\\w+ ){1,3}(hit|reached|made|found) (the|its|a)) (bottom|top|peak)\\b|\\b(bottomed|topped|peaked) (out )?(yet|already|now)?\\b(?! (mean|means))|\\bhas (\\w+ ){1,3}(bottomed|topped|peaked)\\b|\\b(too (high|low|expensive|cheap)|overheated|overvalued|undervalued|expensive|cheap|frothy) (\\w+ ){0,2}(to (invest|buy|enter|sell|get in)|now|right now|today|at the moment)\\b|\\b(is|are) (now|this|it|today) (a |the )?(good|bad|right|wrong|best|worst) (time|moment|day)\\b|\\bwhat (will|is going to|s going to) happen (to|with) ${SUBJECT}\\b(?!.*\\b(if|when|in theory|theoretically|generally|typically)\\b)|\\bwhat happens (to|with) ${SUBJECT}( \\w+){0,3} (tomorrow|next|after (the )?(results|budget|election|news))\\b`) },
  { id: 'hinglish-verdict', category: 'recommendation', strong: true, pattern: /\b(accha|acha|achha|achchha|badhiya|sahi|bura|kharab|mast|sasta|mehenga|mehnga) (hai|h|he|rahega|hoga|lagta)( \w+)? (ya|kya|na)\b|\b(accha|acha|achha|sahi) (hai )?ya (bura|kharab|nahi|galat)\b|\bticker (\w+ ){0,2}(accha|acha|achha|badhiya|bura|kharab|mast) (hai|h|he|rahega|hoga)\b|\b(konsa|kaunsa|kaun sa) (better|accha|acha|sahi|best)\b/, unless: /^(?!.*\b(ticker|share|shares|stock|stocks|ye|yeh|isko|ise|iska|abhi|aaj|kal)\b)/ },
  { id: 'bare-verb', category: 'recommendation', strong: true, pattern: /(?<!\b(a|an|the|to|of|mean|means|meaning|is|what|how|when|why|and|or|if|after|before|i|we|you|they|he|she|people|someone|investors|traders|analysts|brokers|funds|companies|promoters|fiis|diis) )\b(buy|sell|hold|exit|short|accumulate|avoid|enter|get in|invest|add more)( or (sell|hold|not|wait|exit|buy|avoid))?( now| today| tomorrow| karu| kare| kar du| kar doon)?$/ },
  { id: 'what-now', category: 'recommendation', strong: true, pattern: /\b(what now|now what|what next|what (do|should|can|shall) i do|what to do now|ab kya karu|ab kya kare|ab kya karna chahiye)\b(?! (if|when|to (protect|avoid|report|verify|check|recover|complain|learn|start|open)|about (a |the )?(scam|fraud|tip|call)))/, unless: ACCOUNT_SAFETY },
  { id: 'find-stock', category: 'recommendation', strong: true, pattern: new RegExp(`${FIND_STOCK.source}|\\bis my (\\w+ )?(sip|sips|portfolio|fund|funds|investment|investments|allocation|stock|stocks|shares|holding|holdings|pick|choice|plan|strategy|money) (\\w+ ){0,2}(right|good|bad|fine|ok|okay|enough|too \\w+|safe|risky)\\b`) },
  { id: 'validate-call', category: 'recommendation', strong: true, pattern: /\b(says?|said|told( me)?|suggests?|suggested|recommends?|recommended|advised|advises|tipped|wants?)( me| us| him| her)?( to)? (buy|sell|exit|hold|invest|dump|get out|average|book)\b.*\b(right|agree|correct|should|listen|follow|sure|trust|smart|wise)\b|\b(is|am|are) (he|she|they|i|my \w+) (right|correct|wrong)\b|\b(right|correct|good|wise|smart) (choice|option|pick|bet|move|investment|call|decision) for me\b|\b(smarter|better|best|wiser|safer) (choice|option|pick|bet|move|investment)\b.*\b(for me|me right now|my)\b|\bregret not (buying|selling|owning|investing)\b/ },
  { id: 'best-stock', category: 'recommendation', strong: true, pattern: /\b(the )?(best|top|hottest|strongest|most promising|safest|surest) (\w+ )?(stock|share|pick|scrip|company|investment|bet)s?\b(?! (exchange|exchanges|market|markets|split|splits|index|indices|broker|brokers|app|apps|analysis|screener|screeners|terms?|books?|courses?|platforms?))/, unless: /\b(were|was|did|last (year|decade|month|week)|of (19|20)\d\d|in (19|20)\d\d|so far|historically|ever)\b/ },
  { id: 'give-calls', category: 'recommendation', strong: true, pattern: /\b(give|share|provide|post|send|drop) (\w+ ){0,2}(recommendations?|calls?|picks?|targets?|stock names?|names?)\b/, unless: /\b(who|legally|allowed|registered|legal|illegal|licen[cs]e|permitted|can anyone|rules?|why do|why does|how do)\b/ },
  { id: 'return-from-stock', category: 'price_target', strong: true, pattern: new RegExp(`\\b\\d+ (percent|x)( \\w+){0,3} (from|in|on|with) (ticker|it|this stock|this share|them)\\b|\\bticker\\b.*\\b(returns?|gains?|profits?|upside)\\b(?! (jumped|rose|fell|grew|dropped|declined|increased|decreased|was|were|came|surged|slumped|doubled|halved)\\b).*\\b${TIME}\\b|\\b(returns?|gains?|profits?|upside) (\\w+ ){0,3}(possible|likely|realistic|achievable)\\b.*\\b(ticker|it|this stock)\\b`) },
  // Soft: "Maruti vs Tata Motors" asks for a winner, "TCS vs INFY: which has a higher RSI?" for data.
  { id: 'ticker-vs-ticker', category: 'recommendation', strong: false, pattern: /\bticker (or|vs|versus|and) ticker\b/, unless: METRIC },
  // Soft: "Yay or nay on Polycab?", "is Nazara a keeper?", "Coal India for dividends, go for it?" name a stock and ask for a
  // verdict; "what does 'keeper' mean?" names none, and "why did Nazara fall?" is framed as a request to explain.
  { id: 'casual-verdict', category: 'recommendation', strong: false, pattern: new RegExp(`^(?=.*\\bticker\\b).*\\b${VERDICT_SLANG}\\b`) },
  // Strong: "Grab more Coal India before the dividend, sound plan?", "are Hero MotoCorp shares worth keeping?" name a stock
  // and ask for the assistant's judgement; a request to explain ("why does …", "what does 'sound plan' mean") is not one.
  { id: 'opinion-on-stock', category: 'recommendation', strong: true, pattern: new RegExp(`^(?=.*\\bticker\\b).*\\b${OPINION_ASK}`), unless: EXPLAINS },
  // Strong: "Does doubling my stake sound okay?", "is trimming my holding a sensible step?": the asker's own position,
  // changed, and a request for a verdict on it, whichever stock (named or not) it is in.
  { id: 'my-position-verdict', category: 'recommendation', strong: true, pattern: new RegExp(`^(?=.*${MY_POSITION_CHANGE}).*\\b${OPINION_ASK}|^(?=.*\\b${OPINION_ASK}).*${MY_POSITION_CHANGE}`), unless: EXPLAINS },
  { id: 'stock-recommendations', category: 'recommendation', strong: false, pattern: /\b(stock|share|equity) (recommendations?|picks|suggestions|ideas|calls)\b/ },

  // ---- targets and price predictions
  { id: 'target-of', category: 'price_target', strong: true, pattern: /\b(target|targets|tgt|price objective)( price)? (of|for|on) (?!(a|an|any|the|stocks?|shares?|companies|analysts?|brokers?|funds?|their|its|his|her|our|each|every|most|many|some|research|reports?|it (stocks|sector|companies|shares)|my retirement|retirement|my goal|goals?)\b)\w+|\bticker s? (price )?(target|tgt)\b|\b(your|ur|upside|downside|12 month|one year|1 year|short term|long term) (price )?target\b|\b(entry|stop loss),? (and |& )?target (for|of|on)\b|\bgive (me )?(the )?(entry|target|stop loss)\b|\btarget (and|&) stop loss (for|of|on)\b|\bhow much (more )?(upside|downside|room)\b|\b(going|go|move) (up|down) or (up|down)\b|\btop (gainers?|losers?|movers?)( \w+)? (tomorrow|next)\b|\b(upside|downside) (from here|left|remaining)\b/ },
  { id: 'where-will', category: 'price_target', strong: true, pattern: /\bwhere (will|would|do you see|can|could) (\w+ ){0,4}(be|go|trade|close|end|head|reach|land)\b|\bwhere do you see\b|\b(chances?|odds|probability|likelihood) (that |of )?(\w+ ){0,3}(touch|touches|reach|reaches|hit|hits|cross|crosses|goes|go|rise|rises|fall|falls|doubl\w*)\b|\bdo you see (\w+ ){0,3}(at|above|below|near|crossing|reaching|hitting|touching) (rs )?\d|\b(can|should|will|could) (i|we) expect\b|\bexpected (return|returns|gain|gains|upside) (on|from|in) (ticker|it|this|these|them|nifty|sensex|the market|my|this stock|this year|next year)\b|\bhow (high|low|far|much|many points) (can|will|could|would|may|might) (\w+ ){0,4}(go|rise|fall|climb|drop|reach|move|gain|run|rally|crash|correct|slide|sink|tank|surge|soar|jump|decline|bounce|recover|rebound)\b/ },
  { id: 'what-will-price', category: 'price_target', strong: true, pattern: /\bwhat (will|would) (be )?(the )?(\w+ ){0,3}(price|close|level|value|trade)\b|\bwhat (will|would) (ticker|it|nifty|sensex|bank nifty|the market|the stock|this stock|the index|the share|this share) (\w+ ){0,2}(be|trade|close|do|look like)\b|\bwhat (price|level) will\b|\b(predict|forecast|estimate)( the)? (\w+ ){0,3}(price|level|close)s? (for|of|in|by|on|tomorrow|next|this|after)\b|\b(can|could|will) you (predict|forecast)\b|\bexpected price\b|\bby how much will\b|\bhow much will\b/ },
  // "Is a crash around the corner?", "are IT stocks about to rally?", "what will the Nifty do after the Fed meeting?", "will
  // the Sensex make a new high this month?", "how long before Paytm gets back to 1000?": a forecast of a move, however
  // it is asked. How markets behave in general ("do corrections usually come after a rally?") is not one.
  {
    id: 'forecast-move',
    category: 'price_target',
    strong: true,
    pattern: new RegExp(
      [
        `^(is|are|isn t|aren t) (there )?(\\w+ ){0,4}${MOVE_NOUN} (\\w+ ){0,4}${AHEAD}\\b`,
        `^(is|are|isn t|aren t) (\\w+ ){1,4}(about to|set to|set for|poised to|poised for|due to|due for|headed for|heading for|heading into|headed into|on track to|on course to|on course for|ready to|gearing up (to|for)|primed to|primed for|on the verge of|in for|bound to|likely to|expected to|going to|gonna|ripe for) (\\w+ ){0,2}(${MOVE_VERB}|${MOVE_NOUN})\\b`,
        `\\b(what|how) will (the )?(market|markets|nifty|sensex|bank nifty|banknifty|ticker|it|stocks|shares|prices|index|indices|sector|\\w+ (stocks|shares|sector)) (\\w+ ){0,2}(do|react|move|behave|perform|open|close|trade|respond|fare|look)\\b`,
        `\\bwill (\\w+ ){1,4}(make|hit|see|post|set|touch|reach|form|print|scale|cross|break) (a |an |the |its |their |new |fresh |another |record |lifetime )*(all time high|high|low|record|peak|top|bottom|lifetime high|52 week (high|low))s?\\b`,
        `\\b(price|value|level|worth|close|closing) (\\w+ ){0,2}(going to|gonna|likely to|expected to|set to) be\\b|\\bwhat (value|level|price) will\\b|\\bthe 20\\d\\d (price|target|value) (of|for)\\b`,
        `\\bhow (long|soon|many (days|weeks|months|years)) (before|until|till|will it take( for)?|will) (\\w+ ){0,4}(gets?|comes?|goes?|bounces?) back\\b|\\bhow (long|soon) (before|until|till) (\\w+ ){0,4}(reach|reaches|hit|hits|touch|touches|cross|crosses|recover|recovers|double|doubles|return|returns)\\b`,
        `\\b(is it|how) (likely|probable|possible) (that )?(?!(a|an|any) )(\\w+ ){1,4}(trades?|goes?|closes?|crosses?|reach(es)?|hits?|touch(es)?|breaks?|falls?|rises?|gets?|moves?|stays?|ends?) (above|below|past|over|under|to|beyond|back)\\b`,
        `\\bhow (much|far) (higher|lower|further|more|up|down) (can|will|could|would|may|might)\\b`,
        `\\bhow (does|do|is|are) (the )?(ticker|it|nifty|sensex|bank nifty|market|markets|\\w+ (stocks|shares|sector)) (look|looking|placed|shaping up|set up|positioned) (\\w+ ){0,2}(for|over|in|into) (the )?(next|coming|rest of|future|long term|short term|20\\d\\d)\\b`,
      ].join('|'),
    ),
    unless: GENERAL_BEHAVIOUR,
  },
  // "What does INFY's chart suggest about next week?", "what do the indicators say about where the Nifty goes from here?":
  // a forecast asked as a request to read the data. What a reading means in general has no stock or date in it.
  {
    id: 'data-says-future',
    category: 'price_target',
    strong: true,
    pattern:
      /^(?=.*\b(ticker|nifty|sensex|bank nifty|banknifty|the market|markets|the index|it|this stock|this share)\b).*\b(say|says|suggest|suggests|indicate|indicates|signal|signals|signalling|predict|predicts|imply|implies|point to|points to|tell (me|us)|tells (me|us)|hint at|hints at|mean for|means for|show for|shows for)\b (\w+ ){0,6}(next|tomorrow|coming (days|weeks|months|sessions|quarters?)|ahead|going forward|upcoming|from here|in the (short|near|long) (term|run)|future|this (week|month|quarter|year)|will|going to|headed|heading|direction|move next|next move)\b/,
    unless: GENERAL_BEHAVIOUR,
  },
  { id: 'will-reach-level', category: 'price_target', strong: true, pattern: /\b(will|can|could|would|may|might) (\w+ ){0,3}(reach|touch|hit|cross|go to|go above|go below|break|see|fall to|drop to|rise to|get to) (rs )?\d/ },

  // ---- tips (soft: "why are tips on telegram dangerous?" is educational)
  { id: 'tips', category: 'tip', strong: false, pattern: /\b(tip|tips|btst|stbt|jackpot|operator (stocks?|news|tips?|game|activity|calls?|shares?)|insider (info|information|news))\b/, unless: LEARNING_TIPS },
  { id: 'intraday-call', category: 'tip', strong: true, pattern: /\b(intraday|f o|fno|options?|expiry|swing|btst) (tips?|calls?|picks?|trade (for|on)|stocks? (for|today|tomorrow))\b|\b(stocks?|shares?) for intraday\b|\bcall (please|pls|for tomorrow|for today)\b|\b(tomorrow|tomorrow s|today s|monday s) (calls?|picks?|trades?|tips?|stocks?|shares?)\b|\btip of the day\b|\btrades? of the (day|week|month)\b|\b(best|top|hot|safe|quick) trades? (for|of) (today|tomorrow|the (day|week|month))\b|\b(which|what) (stocks?|shares?|counters?) (are )?(operators|big players|insiders|smart money|hnis) (\w+ ){0,2}(loading|buying|accumulating|pumping|entering|targeting)\b/ },

  // ---- multibaggers and doubling (soft: "what is a multibagger?" is educational)
  { id: 'multibagger', category: 'multibagger', strong: false, pattern: /\b(multibaggers?|multi baggers?|\d+ baggers?|\d+ x (stocks?|returns?|shares?)|hidden gems?|ten bagger|next big (stock|share|thing|winner)|penny stocks?)\b/ },
  { id: 'will-double', category: 'multibagger', strong: true, pattern: new RegExp(`\\b(which|what|name|find|suggest|tell|give|any)( \\w+){0,4} (will|would|can|could|to|that) (double|triple|multiply|grow \\d+ times|become|give \\d+|make me)\\b|\\b(double|triple|multiply) (my|your|our) (money|investment|capital|paisa)\\b|\\b(which|what) ${STOCK}\\b.*\\b(double|triple|multiply|\\d+ percent return)`) },

  // ---- guaranteed or promised returns (soft: "what if someone promises guaranteed returns?" is educational)
  { id: 'guaranteed', category: 'guaranteed_returns', strong: false, pattern: /\b(guarantee|guarantees|guaranteed|guaranteeing|assured?|assure me|sure shot|sureshot|surefire|sure tip|risk free|zero risk|no risk|no loss|never lose|can not (fail|lose)|certain to|100 percent (safe|sure|profit|returns?)|fixed \d+ percent|promise me|sure (returns?|profits?|gains?|income)|for sure|always (goes|go|going) up|never (go|goes|going|fall|falls|drop|drops|lose|loses) (down|in value|money)?|will not lose|would not lose|won t lose|not lose money|safe stocks? with)\b/ },

  // ---- personal allocation
  { id: 'how-much-should', category: 'allocation', strong: true, pattern: /\bhow (much|many)( \w+){0,3} (should|shall|do|can|must) (i|we) (put|invest|allocate|keep|buy|have|hold|park|add)\b|\bhow much (money )?(to|should) (put|invest|allocate)\b|\bwhat (percentage|percent|portion|share|part|proportion) of my\b|\bhow (should|do) i (split|divide|allocate|distribute|deploy)\b|\bhow many shares (of ticker |of it |of them )?(to|should i|shall i|must i|do i need to|can i) (buy|sell|hold|own|get|keep|purchase)\b/ },
  { id: 'build-portfolio', category: 'allocation', strong: true, pattern: /\b(build|make|create|design|construct|give|suggest|recommend)( me| us)?( a| an| my)?( \w+){0,2} portfolio\b|\brebalance my\b|\ballocate( \d+)?( \w+){0,3} (across|among|between|for me|into)\b|\b(allocate|split|divide|distribute|spread) my\b|\b(put|move|invest|park) (all|\d+ percent|half|most) of my\b|\bideal allocation\b|\ball in (on|to|into)\b|\bmy portfolio (look like|be|have)\b|\b(split|divide) it\b|\bpick stocks for (my|me)\b|\b(add|buy|include|put|keep|hold|pick|choose|select)( \w+){0,3} (for|in|to|into) my (portfolio|demat|holdings)\b|\b(place|room|space|spot) in my (portfolio|demat)\b|\bmy \d+ sip\b/ },
  { id: 'i-have-money', category: 'allocation', strong: true, pattern: /\bi (have|got|ve got|am having)( rs)? \d+( \w+){0,3} (which|what|where|how)\b|\bi (have|got)( rs)? \d+ (lakh|lakhs|crore|k|thousand|rs)\b.*\b(invest|buy|put|stocks?|shares?)\b|\bexactly which\b|\bsell my (fd|gold|house|mutual funds?) and (buy|invest)\b|\b(savings|salary|bonus|emergency fund|pf|pension) (in|into) (\w+ )?(stocks?|shares?|nifty)\b/ },

  { id: 'my-money', category: 'allocation', strong: true, pattern: /\bi (have|got|ve got|have got|m having|am having|am sitting on|m sitting on|have around|have about|will have|earn|make|save)( around| about| nearly| almost)?( rs)? \d+( \d+)?( k| lakh| lakhs| crore| crores| thousand| rs| rupees| per month| a month| monthly)\b|\b(mere|mera|hamare|apne) (paas|pass) (rs )?\d+|\bwhat (should|shall|do|can) (i|we) do with (my|it|this|these|them|the|\d|rs)\b|(^|\b(please|pls|can you|could you|will you|would you|help me|you) )(plan|manage|handle|structure) my (investments?|portfolio|money|savings|finances|retirement|salary|bonus|pf)\b|\b(right|good|ok|okay|enough|too much|too little|safe|suitable|appropriate|too risky|risky) for me\b|\b(break|withdraw|redeem|liquidate) my (fd|fds|pf|ppf|savings|gold|mutual funds?) (to|and|for)\b|\bmy (portfolio|holdings?)\b.*\b(change|sell|trim|add|remove|cut|buy|fine|ok|good|risky)\b|\b(trim|cut|reduce|exit) (from )?my\b/ },

  // ---- Hinglish and Hindi
  { id: 'hinglish-which-share', category: 'recommendation', strong: true, pattern: /\b(kaunsa|kaunse|kaun sa|kaun se|kon sa|kon se|konse|kaunsi|kounsa) (share|shares|stock|stocks|scrip|company)\b|\b(share|stock|shares|stocks)( \w+){0,3} (batao|bataiye|bata do|suggest karo)\b/ },
  { id: 'hinglish-should-i', category: 'recommendation', strong: true, pattern: /\b(lelu|lelun|le lun|ruk jau|ruk jaun|lu|lun|loon|le lu|le loon|kharidu|kharidun|kharidoon|bechu|bechun|bech du|bech doon|lagau|lagaun|lagaoon|rakhu|rakhun|hold karu|buy karu|sell karu|exit karu|le sakte|kharid sakte|bech sakte)\b|\b(le|kharid|bech|laga|rakh) (sakta|sakte|sakti|skta|skte|sakta hu|sakta hoon)\b|\b(return|returns|profit|fayda|munafa) (\w+ )?(milega|milegi|milenge)\b|\b(lena|kharidna|bechna|bechni|lagana|rakhna|hold karna|buy karna|sell karna) (chahiye|sahi|theek)\b|\b(kya|kahan|kaha) (mujhe|main|hum)\b.*\b(kharid|bech|laga|invest|le)\w*\b/ },
  { id: 'hinglish-first-person', category: 'recommendation', strong: true, pattern: /\b(invest|buy|sell|hold|exit|book|average|switch|trade|entry|kya|paisa|kuch) (karu|karun|karoon|karoo|kru)\b|\b(kharid|bech|le|daal|dal|laga|rakh|nikal|ruk|ghus|utha) (lu|lun|loon|du|dun|doon|jau|jaun|jaoon)\b|\b(daalu|dalu|daaloon|lagaun|nikalu|nikal jau|kharidu|kharidun|becho|kharido)\b|\b(karu|karun|lu|le lu|lagau|daalu) ya (nahi|na|nai|nhi)\b|\b(kharidna|lena|bechna|lagana|rakhna|invest karna) (chahiye|chaiye|sahi|theek|thik|rahega|hoga)\b|\b(kharidne|lene|bechne|lagane) (chahiye|chaiye)\b/ },
  { id: 'hinglish-target', category: 'price_target', strong: true, pattern: /\b(wapas|vapas|phir se|fir se|dobara) (rs )?\d+ (pe|par|tak)\b|\b\d+ (pe|par|tak|ke upar|ke neeche|se upar|se neeche) (aayega|ayega|aaega|aayegi|ayegi|jayega|jaega|jaayega|jayegi|pahunchega|pahuchega|hoga|hogi|rahega|jaa sakta|ja sakta)\b|\bkitn[ae] (pe|par|tak)? ?(hoga|hogi|rahega|band hoga|khulega|jayega)\b|\b(ticker|nifty|sensex|bank nifty|banknifty|it) \d+ ((is|iss|agle|next) (saal|mahine|hafte|year|month|week) |diwali tak |\w+ tak )?(kab|kab tak|kitne din|possible|hoga|jayega|when|by when|soon|this year|next year)\b|(?<!\b(inflation|rbi|growth|gdp|deficit|policy|savings|retirement|goal|sales|revenue|disinvestment) )\btarget (kya|kitna|batao|bata|price batao|dijiye)\b|\bkitn[ae] (tak )?(jayega|jaega|jaayega|jayegi|badhega|girega|upar)\b|\b(upar|neeche|niche) (jayega|jaega|jayegi)\b|\b(pahunchega|pahuchega|jayega|badhega|girega)\b|\b(double|upar|neeche|niche) (hoga|hogi|ho jayega|jaega)\b/ },
  { id: 'hinglish-tip', category: 'tip', strong: true, pattern: /\btips? (do|dijiye|dedo|de do|batao|chahiye)\b|\b(double|guaranteed|guarantee|pakka|profit) (karne )?wal[ae] (share|stock)\b|\bpaisa (kaha|kahan|kidhar) lagau\b|\bsahi (time|samay|mauka|waqt|rahega)\b|\bkitna paisa\b/ },
  { id: 'hindi', category: 'recommendation', strong: true, pattern: /(कौन\s?सा|कौनसा)\s*(शेयर|स्टॉक)|खरीद(ूं|ूँ|ू|ें क्या)|बेच(ूं|ूँ|ू|ें क्या)|(लेना|खरीदना|बेचना) चाहिए|टारगेट|लक्ष्य मूल्य|टिप(्स)? (दो|दें|बताओ)/ },
];

// Categories whose strong rules turn soft for a question about markets in general (never injection or role play).
const GENERAL_CATEGORIES = new Set<GuardCategory>(['recommendation', 'price_target', 'multibagger', 'tip', 'guaranteed_returns', 'allocation']);

// "no one can guarantee returns": a negation shortly before a soft rule's words.
const NEGATED = /\b(no|not|never|nobody|no one|nothing|none|neither|nor)\b( \S+){0,4} ?$/;

const ALWAYS_STRONG = new Set<GuardCategory>(['prompt_injection', 'role_play']);

// When several rules match, the reason shown is the most specific one.
const SPECIFICITY: GuardCategory[] = ['prompt_injection', 'role_play', 'guaranteed_returns', 'multibagger', 'tip', 'price_target', 'allocation', 'recommendation'];

/** The most specific category among the rules that matched. */
export function mainCategory(hits: readonly RuleHit[]): GuardCategory | null {
  return SPECIFICITY.find((category) => hits.some((hit) => hit.category === category)) ?? null;
}

const prepared = (question: string | PreparedQuestion): PreparedQuestion => (typeof question === 'string' ? prepareQuestion(question) : question);

/** Rules that match a question; empty when nothing matched. */
export function matchInputRules(question: string | PreparedQuestion): RuleHit[] {
  const { masked } = prepared(question);
  const definitional = isDefinitional(masked);
  const general = isGeneral(masked);
  return rules
    .filter((rule) => {
      const match = rule.pattern.exec(masked);
      if (match === null || rule.unless?.test(masked)) return false;
      return rule.strong || !NEGATED.test(masked.slice(0, match.index));
    })
    .map(({ id, category, strong }) => ({
      rule: id,
      category,
      strong: strong && (ALWAYS_STRONG.has(category) || (!definitional && !(general && GENERAL_CATEGORIES.has(category)))),
    }));
}

/**
 * True when the question is phrased as a request for an explanation rather than a decision (see framing.ts). `hits`
 * (the rules that matched) makes the framing stricter: a question a rule matched needs a known topic.
 */
export function isEducationalFraming(question: string | PreparedQuestion, hits: readonly RuleHit[] = matchInputRules(question)): boolean {
  return isEducationallyFramed(prepared(question), hits.map((hit) => hit.rule));
}

/** True when the question has anything to do with investing (a stock, money, an action, a market word). */
export function mentionsMarkets(question: string | PreparedQuestion): boolean {
  return mentionsMarketsIn(prepared(question));
}

export { normalizeText };
