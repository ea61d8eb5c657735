import { type PreparedQuestion } from './normalize';

// How a question is asked, as opposed to what it mentions: a request to explain, a fact to look up, how investing works
// for the asker, a question about markets in general, or a definition. Questions arrive normalised with the stocks they
// name written as "ticker" (PreparedQuestion.masked).

/** A near date or an event a prediction is pinned to: "tomorrow", "from here", "after the results". */
export const TIME = '(today|tomorrow|now|right now|this (week|month|year|quarter|diwali|budget)|next (week|month|year|quarter|session)|from here|on expiry|by (\\w+ )?(end|december|march|diwali|202\\d)|in (\\d+|a|one|two|six) (days?|weeks?|months?|years?)|after (the )?(results|budget|news|split|dividend))';

/** A figure or fact about a stock or the market that can be looked up ("INFY's RSI", "promoter holding"). */
export const METRIC =
  /\b(rsi|macd|moving averages?|\d+ day (average|moving average|ma|ema|sma)|dma|ema|sma|p e|pe|pe ratio|ratios?|volatility|volatile|beta|drawdowns?|dividends?|dividend yield|results|earnings|52 week|price history|charts?|volume|market cap|eps|debt|roe|weight|weightage|constituents?|all time high|closing price|history|performance|performed|sentiment index|sentiment score|record date|ex date|promoter holding|shareholding( pattern)?|stake|revenue|business|segments?|management|listing date)\b/;

/** A search for something to buy: "a stock that never falls", "any share which will double". */
export const FIND_STOCK =
  /\b(a|any|some|one|the) (good )?(stock|share|fund|company|ipo|investment|scrip)s? (that|which|where|with) (\w+ ){0,3}(never|always|will|won t|can not|cannot|guarantee\w*|double\w*|gives?|pays?|returns?|goes up|rises?|beats?|outperforms?)\b/;

// ---- the classic framings: "what is / how does / why do … mean/work", "… kya hota hai", "can a stock go to zero?",
// "how do I verify …" in any clause. They need a known topic (EDUCATIONAL_TOPIC), or else no rule match and nothing
// weighed up (ADVICE_CUE, OUTCOME_CUE), and the asker must not be asking for their own decision (PERSONAL).

const EDUCATIONAL = [
  /^(is it (true|legal|risky|dangerous|possible|normal|common|safe|bad|wrong)|is there|are there|can anyone|can someone|does anyone|what|whats|how|why|explain|define|describe|meaning|tell me about|can you explain|could you explain|help me understand|is it legal|are|when|who|which (factors|indicators|ratios|signals|metrics|numbers))\b/,
  /^((can|could|would|will) you (please )?|please |pls )?(tell|show|explain|describe|teach|give|walk)( me| us)? (what|how|why|about|an example|a simple|the difference|the meaning|the history|through)\b|^where (do|can|should|would) (i|we|one|beginners?|a beginner) (start|begin|learn|find|check|read|report|complain|verify)\b/,
  /^(can|could|does|do|did|is|are|will|would) (a|an|any|the|stocks?|shares?|prices?|companies|analysts?|brokers?|investors?|traders?|people|markets?|indices|index|sips?|mutual funds?|funds?|etfs?|rsi|macd|dividends?|bonus|splits?|buybacks?|ipos?|promoters?|retail)\b/,
  /\bkitne din (me|mein|lagte)\b|\b(koi|kya) (rule|niyam)\b|\bkab (aate|aata|aati|milta|milte|milti|credit)\b|\b(kya hota|kya hai|kya hote|ka matlab|kise kehte|kaise (kaam|check|kare|karte|set|hota|padhte|milta|bache|bachein|bachen|pehchane|pehchan|report)|kyun|kyu|samjhao|samjhaiye|ka process)\b/,
  /\bhow (do|can|should|could|would) (i|we|one|you|someone) (verify|check|report|spot|identify|recognise|recognize|know if|tell if|tell whether|avoid|protect|complain|find out|stay safe)\b|\bis (this|that|it|he|she|they|this app|this scheme) (a |an )?(scam|fraud|fake|legit|legal|genuine|real|registered|ponzi|allowed|permitted|illegal|normal|common|realistic|possible|believable|true)\b|^(can|could|are|is) (they|he|she|someone|anyone|people|finfluencers?|influencers?|brokers?|advisers?|advisors?|tipsters?) (\w+ ){0,3}(legally|allowed|permitted|legal|do that|say that)\b|^(can|could|may|is it legal for|are) (an?|any|the) (\w+ ){0,2}(person|people|adviser|advisor|broker|analyst|influencer|finfluencer|company|app|website|tipster|entity|agent|individual|youtuber|channel|group)s? (\w+ ){0,3}(charge|sell|give|offer|share|publish|recommend|post|run|promise)\b/,
];

const EDUCATIONAL_TOPIC = /\b(rsi|macd|moving average|\d+ day average|p e|pe ratio|ratio|volatility|volatile|drawdown|beta|volume|52 week|sentiment|indicators?|results|dividends?|history|trend|performance|performed|check|verify|registered|registration|identify|recognise|recognize|avoid|protect|learn|understand|know|consider|start|open|spot|true|mean|means|meant|meaning|definition|defined|work|works|working|calculated|calculate|differ|difference|different|signal|signals|legal|legally|illegal|risky|risk|risks|dangerous|scam|scams|fraud|frauds|fake|warning|red flag|spot|report|happen|happens|affect|affects|taxed|tax|term|reliable|accurate|accuracy|history|historically|decide|set|read|interpret|why|work|legit|illegal|allowed|permitted|unregistered|unlicensed|charge|fees?|penalty|penalties|regulations?|do if|kya hota|kya hai|matlab|kaise|kyun|kyu|samjhao|kitne din|kab|process|price|current|close|closed|closing|high|low|level|value|yield|cap|returns?|cagr|examples?|explanation|learning|begin|books?|makes?|causes?|leads?|drives?|determines?|influences?|hindsight|factors|types|kinds|role|purpose|benefits?|pros|cons|advantages|disadvantages|myths?|usually|typically|generally|in general|normally|rule of thumb|rule|formula|concept|principle|theory|is an?|are|does)\b/;

// The asker wants a decision of their own: "should I…", "which stock…", "for me", "give me a tip".
const PERSONAL = /\b(should i(?! (do if|look|know|learn|check|read|study|watch|avoid|be careful|verify|report|complain|spot|identify|understand|consider))|i should|(what|which) (stock|share|scrip|company)s?\b(?! (exchange|exchanges|market|markets|split|splits|price|prices))|for me|my (\w+ )?(money|portfolio|savings|salary|bonus|shares)|me a (stock|share|tip|pick|call|target|list|name|portfolio)|give me (\w+ ){0,2}(stocks?|shares?|tips?|picks?|calls?|targets?|advice|recommendations?|names?)|tell me which|which (stock|share)s?|kaunsa|batao)\b/;

// "Why shouldn't I put all my money in one stock?" asks for the reason behind a principle, however personal.
const ASKS_WHY = /^(why|kyun|kyu)\b/;

// About the limits of advice and prediction ("why won't you give me a target price?", "why is it so hard to predict
// which stocks will multiply?"): answered with the rules and the evidence, not with a target.
const ABOUT_LIMITS =
  /^why (will not|can not|do not|does not|would not|are not|is not) (you|warren)\b|^(who|which (\w+ )?(people|persons|advisers|advisors|entities|professionals)) (can|may|is allowed to|are allowed to|is permitted to|are permitted to) (legally )?(tell|give|recommend|suggest|advise)\b|^(can|may|is|are) (a|an|any|the|my)? ?(\w+ ){0,2}(youtubers?|influencers?|finfluencers?|friends?|brokers?|relatives?|channels?|websites?|apps?|tipsters?|persons?|people|advisers?|advisors?|analysts?|groups?|bloggers?) (legally |really |even )?(allowed to |permitted to )?(tell|give|recommend|suggest|advise)\b(?=.*\b(legally|allowed|permitted|sebi|rules?|law|registered|registration|licen[cs]e|legal)\b)|^(why|how) (is it|is|are) (so |really )?(hard|difficult|impossible|tough|tricky|risky) to (predict|know|tell|forecast|find|pick|spot|time)\b/;

// Framings clear enough to need no known topic: requests to explain ("can you explain Tata Motors' demerger?"), questions
// about how things behave in general ("is doubling money in 3 years realistic historically?"), what a kind of product
// promises ("do fixed deposits guarantee returns?"), and comparisons of ideas ("which is riskier, stocks or bonds?").
const SELF_EVIDENT = [
  /^((can|could|would) you (please )?)?(explain|describe|tell me about|tell us about|help me understand|walk me through|teach me)\b|^(tell|teach|show) (me|us) (something|anything|a fact|a few things|more|an interesting|some facts)\b|^(give|share)( me| us)? (an? )?(overview|summary|introduction|intro|explanation|primer|rundown|breakdown|history) of\b/,
  /^(?!.*\bticker\b)(is|are|do|does|can|could|how|what|which|when|why|will|would)\b.*\b(historically|in general|generally|usually|typically|on average|in theory|in practice|rule of thumb|in the long run)\b/,
  /^(do|does|can|could|is|are|will|would) (?!(i|we|you|u|ticker|it|this|that|they|my|me|there)\b)(\w+ ){1,3}(guarantee\w*|assure\w*|promise\w*|protect\w*|insure\w*)\b/,
  /^(what happened|why did|how did|when did|what did|what was|why was|why were|how has|how have|how was)\b/,
  /^(?!.*\b(ticker|now|today|tomorrow|right now)\b)is (\w+ing)( \w+){0,3} (possible|legal|illegal|risky|safe|a myth|true|gambling|allowed|realistic|worth it|profitable|hard|easy)\b/,
  /^(?!.*\b(ticker|for me|my|i|me|now|today|tomorrow|this (week|month|year)|next (week|month|year))\b)which (is|are|one is) (better|riskier|safer|more|less|older|bigger|cheaper|costlier|faster|simpler|easier)\b/,
];

// Questions about how investing works for the asker, which are personal by nature: "can I sell shares on the same day I
// buy them?", "will I get a dividend if I buy on the record date?", "can I pause my SIP?". They count as educational
// when they name no stock and weigh nothing up (EVALUATIVE).
const MECHANICS = [
  /^(can|could|may|do|does|is it possible for) (i|we|one|someone|anyone|nris?|an nri|minors?|a minor|students?|foreigners?)( \w+){1,6} (on|in|from|without|through|via|using|after|before|within|during|outside|abroad|online|offline|forever|twice|again)\b/,
  /^(can|could|how do|how can|how to) (i|we)? ?(pause|stop|cancel|start|modify|change|skip|increase|decrease|top up|redeem|withdraw|close|open|link|transfer|nominate|update) (my |a |the |an )?(sip|sips|account|demat|mandate|nominee|kyc|folio|units|fund|order|trading account)\b/,
  /^what (will|would) (my|the) (\w+ )?(charges|fees|tax|taxes|brokerage|costs?|amc|stamp duty) be\b/,
  /^(what will happen|what happens|what would happen|will i (get|receive|have to|need|be charged|be taxed|lose|still get|be able)|will (the|my) (\w+ )?(bonus|dividends?|shares?|refund|money|sip|order|rights?|units?|holdings?) (come|be|get|reflect|show|arrive|stop|continue|lapse|expire)|do i (get|need|have to|lose|pay|receive)|how (long|soon) (does|do|will|until))\b/,
  /\b(khol|bana|apply kar|link kar|update kar|transfer kar|open kar) (sakta|sakti|sakte|skta|skte)\b|\b(ka|ke|ki) kya (hoga|hota|milega|milta)\b/,
];

// A what-if about how a trade settles, is taxed or is entitled, whatever stock it names: "if I sell my TCS shares today,
// when will the money reach my account?", "if I sell after 11 months, is the gain STCG or LTCG?", "if SBIN is at 800, is
// the 780 call in the money?", "if I buy on the ex-date, do I still get the dividend?". The condition may name a stock
// and a day; the question after it must be one of these and weigh nothing up.
const WHAT_IF = /^if\b/;
const WHAT_IF_MECHANICS = [
  /^(when|which day|by when|how (soon|long)( will| does| do)?) (will|would|does|do|is|are|until)? ?(the|my) (money|amount|amt|funds?|proceeds|payout|sale proceeds|shares|units|dividend|refund|credit)\b/,
  /^(is|will|would) (the|my|this|that) (gain|profit|loss|income)s? (be )?(counted |treated |taxed )?(as )?(stcg|ltcg|short term|long term|speculative|business income|taxable|tax free)\b/,
  /^(is|will|would) (the|this|that|a|my) (\d+ )?(call|put|ce|pe|option|strike) (be |option )?((in|out of|at) the money|itm|otm|atm)\b/,
  /^(do|will|would) i (still )?(get|receive|be entitled to|qualify for) (the|a|that|its) (\w+ )?(dividend|bonus|rights)\b/,
];
// A second condition or a price move in the question itself ("… when will the money come back if it rises?").
const WHAT_IF_ASIDE = /\b(if|agar|it|rises?|rising|falls?|falling|jumps?|drops?|goes (up|down)|crash\w*)\b/;

// "Should I learn options before investing?", "should I ignore daily price noise?": how to learn or behave, not what to trade.
const LEARNING = /^(should|do|must|can) (i|we|one|beginners?|a beginner) (first |really |still )?(learn|know|understand|study|read|research|check|be aware|worry|pay attention|ignore|care|track|watch|follow|bother|panic)\b/;

// "Suggest some good books on investing": material to learn from.
const RESOURCES =
  /^(please |pls |can you |could you )?(suggest|recommend|name|list|share|give me)( me| us)? ((some|a few|any|good|great|the best|best|a|an|top|\d+) )*(books?|courses?|resources?|websites?|videos?|youtube channels?|podcasts?|reading material|articles?|blogs?|tutorials?)\b/;

// "Is it safe to share my demat details with an advisor?": a practice, not a trade.
const SAFE_PRACTICE = /^is it (safe|legal|okay|ok|fine|normal|risky|wise) to (share|keep|use|give|store|link|open|sign|download|install|pay|transfer|send|trust)\b/;

// "Is it safe to buy shares from an unknown app?": about where to trade, not what.
const SAFE_CHANNEL =
  /^is it (safe|legal|okay|ok|fine|normal|risky|wise) to (buy|sell|trade|invest) (\w+ ){0,3}(from|through|via|on|using|with) (an?|the|this|that|my|any|unknown|unregistered|online|foreign) (\w+ )?(app|apps|broker|brokers|platform|platforms|website|websites|site|exchange|agent|advisor|adviser|tipster|group)\b/;

// Words of a trade or a verdict; LEARNING and SAFE_PRACTICE questions have none.
const TRADE_CUE = /\b(ticker|buy|sell|exit|hold|short|accumulate|book|switch|average|dump|more|now|today|tomorrow|best|worth|target|profits?)\b/;

// Words that weigh an investment up or name one; MECHANICS questions have none.
const EVALUATIVE = /\b(ticker|best|better|worth|good|bad|safe|cheap|expensive|overvalued|undervalued|attractive|profits?|returns?|target|upside|more|multibagger|double|rise|fall|go up|go down|recover|crash|now|today|tomorrow)\b/;

// Requests for facts or methods: "show me HDFC Bank's price history", "which stocks are in the Nifty 50?", "is Coal India a
// government-owned company?", "what's a good way to track my portfolio's returns?". They count as educational when they
// ask for no decision (ADVICE_CUE).
const FACTS = [
  METRIC,
  /^(is|are|was|were) ticker( s)? (part of|in the|listed on|listed in|included in|a constituent of|an? (large|mid|small) ?cap|an? (psu|government|state|public sector|private|private sector|foreign|family|listed|holding) (owned |run |controlled )?(company|bank|firm|enterprise|undertaking|business|group)|a subsidiary of|owned by|controlled by|run by)\b/,
  /^(which|what) (\w+ ){0,2}(stocks?|shares?|companies|sectors?|scrips?|indices|funds?|exchanges?) (are|is|were|was|make up|belong|form|comprise|has|have|had|did|paid|gave|fell|rose|gained|lost|moved|hit|saw|recorded)\b/,
  /\b(way|ways|how|steps?|process) to (track|calculate|measure|check|see|monitor|review|read|compute|find|learn|understand|report|verify|file|pay|open|close|apply|transfer|start learning|analy[sz]e|evaluate|compare|research)\b/,
];

// Words about what an investment will bring, or a stock named without a topic ("what about INFY?").
const OUTCOME_CUE = /\b(ticker|guarantee\w*|assured|profits?|returns?|gains?|outlook|next|sure|view|opinion|rich|money|always goes up|never (falls|goes down))\b|^what about\b/;

// Words that ask for a decision or weigh an investment up ("good" and "best" only when not about a way, book or method).
const ADVICE_CUE =
  /\b(buy|sell|hold|exit|invest|enter|accumulate|short|book|avoid|add|switch|pick|picks|recommend\w*|suggest\w*|should|shall|would you|will|going to|gonna|expect\w*|predict\w*|forecast\w*|target|targets|best|better|worth|good|bad|safe|safest|cheap|cheapest|expensive|overvalued|undervalued|attractive|opportunity|chances?|upside|tips?|calls?|multibagger\w*|double|kharid\w*|bech\w*|lu|lun|karu|chahiye|lagau|lagana|accha|acha|sahi)\b(?! (way|ways|method|methods|books?|courses?|indicators?|resources?|practices?|habits?|sources?|explanation|example))/;

// ---- questions about markets or people in general ("how do analysts decide a stock is a buy?", "why do people buy
// at 52-week highs?"). With no stock named, no asker, no future tense and no near date, a recommendation or target rule
// that matches is about the concept: it turns soft, and the question counts as educational.

const GENERIC =
  /^(why|how|when|what|in what|under what|can|could|does|do|did|is|are|in general)( \w+){0,3} (people|investors|analysts|brokers|traders|companies|company|promoters|funds|mutual funds|fund managers|institutions|fiis|diis|operators|scammers|fraudsters|retail investors|big investors|smart money|an? (good |great |bad )?(stock|share|company|fund|investor|trader|analyst|broker|beginner)|stocks|shares|prices|markets|someone|anyone|beginners)\b/;

// "How do I tell if a share is expensive?", "kaise pata chalta hai share mehenga hai ya sasta?": a method, for no
// stock in particular, is general however it is asked.
const HOW_TO_TELL =
  /^(?!.*\bticker\b).*\b(kaise pata (chalta|chale|kare|karein|karte|lagaye|lagta)|how (do|can|would|should|does) (i|you|one|we|investors?|someone|anyone|a beginner) (tell|know|judge|decide|find out|check|figure out|spot) (if|whether|when))\b/;

// A named stock, the asker or Warren, or the future make a question specific.
const SPECIFIC = /\b(ticker|i|me|my|we|our|you|your|will|going to|gonna|likely to|expected to|about to|set to|set for|poised (to|for)|head(ed|ing) (for|into)|due for|on the verge of|around the corner|on the cards)\b/;

const SPECIFIC_TIME = new RegExp(`\\b${TIME}\\b`);

// "What should a beginner buy first?": a question that wants something named to buy is never general.
const ASKS_FOR_PICK = /\b(what|which) (\w+ ){0,4}(should|shall|can|could|would|to) (\w+ ){0,3}(buy|sell|invest in|pick|purchase|own|hold|choose|start with)\b/;

// A question about the past ("why did brokers cut targets this year?") is general whatever date it names.
const PAST = /^(why|how|what|when) (did|was|were|had)\b/;

// A near moment always makes a question specific; a period only when it is about the market's level ("how far can
// the market fall this month?", but "how much can a stock fall in one day?" is general).
const MOMENT = /\b(now|today|tomorrow|right now|currently|these days|this week|next week|from here|at this level|at these levels|at current levels)\b/;

const MARKET_LEVEL = /\b(the market|markets|nifty|sensex|index|indices|prices|sector)\b/;

// ---- definitions and warnings turn recommendation and target rules soft.

// "What does a strong buy rating mean?", "what is a 12-month target price?": a request for a definition.
const DEFINITIONAL = /^(what is|what s|whats|what are|define|explain) (a|an)\b(?! (\w+ )?(stock|share|fund|company|investment|scrip|ipo)s? (that|which|with|where)\b| (\w+ ){0,2}(level|price|target|high|low|value|close) (for|of|on) (ticker|nifty|sensex|bank nifty|banknifty|the market|the index|it|this)\b)|^(what is|what s|whats|explain) the (rule|concept|idea|meaning|definition|formula|principle|theory|law) of\b|\b(mean|means|meant|meaning|definition|defined|stand for|stands for|matlab|kya hota|kya hote|kise kehte)\b/;

// Questions about scams and claims ("what do 'stock will double' ads hide?") are about the warning, not a request.
const WARNING =
  /\b(claim|claims|scam|scams|scammers?|fraud|frauds|fraudsters?|fake|red flags?|warning signs?|ads|advertisements?|hide|ponzi|legal|illegal|dangerous|danger|schemes?|traps?|mislead\w*|too good to be true|promised|promises|promising|beware|bache|bachein|bachna|bachen|dhokha|legally|risks|risky|unregistered|unlicensed)\b/;

// Words of investing: the classifier only judges questions with at least one, so greetings and thanks always pass.
const MARKET_WORDS =
  /\d|\b(book|booking|loss|losses|avoid|dump|own|owning|entry|position|positions|allocation|allocate|demat|broker|dividends?|rating|upside|downside|dip|correction|company|companies|sector|sectors|long term|short term|long haul|lagau|lagana|laga|daal\w*|rakh\w*|nikal\w*|paise|ticker|stocks?|shares?|scrips?|equity|equities|market|markets|nifty|sensex|index|funds?|sips?|portfolio|invest\w*|buy\w*|sell\w*|hold\w*|exit|enter|trade|trading|trader|target|price|prices|returns?|profits?|money|rs|lakh|crore|ipos?|options?|calls?|futures|intraday|tips?|crypto|gold|fd|bank|smallcaps?|midcaps?|pick|picks|kharid\w*|bech\w*|paisa|double|multibagger|bet|bets|bullish|bearish|rally|crash|dip|dips|upside|downside)\b/;

// ---- checking a claim or the nature of a concept: "is 'double your money in 6 months' ever genuine?", "a caller offers
// assured profits, what is going on?", "koi 5% mahina guarantee de raha hai, kya ye fraud hai?", "is a target price a
// promise that the stock will reach it?". The claim's words are quoted, not asked for; no stock may be named.

const CLAIM_VERDICT =
  /^(is|are|can|could)\b.*\b(ever |really |actually )?(genuine|legit|legitimate|realistic|believable|a scam|a fraud|fake|a ponzi|too good to be true)$|\b(kya )?(ye|yeh|yah|wo|woh) (scam|fraud|fake|dhokha|asli|legal|sahi) (hai|h|he)\b/;

// Someone else's offer or promise, reported by the asker ("my neighbour's advisor claims …", "koi … de raha hai").
const THIRD_PARTY_OFFER =
  /\b(someone|somebody|caller|a man|a woman|a person|an agent|a group|a channel|an app|a website|koi|my (neighbour|neighbor|friend|relative|colleague) s (advisor|adviser|agent))\b.*\b(claims?|offers?|offered|promis\w*|guarantee\w*|assur\w*|de raha|de rahi|bol raha|bol rahi)\b/;
const ASKS_WHAT_IT_IS = /\b(what is going on|what is happening|what is this|scam|fraud|fake|legit|genuine|ponzi|dhokha|normal|realistic|believable)\b/;

// "Is a target price a promise …?", "is a buy rating a guarantee …?": what a concept is, asked as yes or no.
const NATURE_OF_CONCEPT = /^(is|are) (a|an|the)( \w+){1,3} (a |an )?(promise|guarantee|prediction|forecast|commitment|assurance|signal|sign|recommendation|indication)\b/;

/** True when the question checks a claim or someone's offer, or asks what a concept is, for no stock in particular. */
export function isClaimCheck(masked: string): boolean {
  if (/\bticker\b/.test(masked)) return false;
  return CLAIM_VERDICT.test(masked) || (THIRD_PARTY_OFFER.test(masked) && ASKS_WHAT_IT_IS.test(masked)) || NATURE_OF_CONCEPT.test(masked);
}

/** True for a what-if (WHAT_IF) whose question is only how the trade settles, is taxed or is entitled (WHAT_IF_MECHANICS). */
function isWhatIfMechanics(masked: string, clauses: readonly string[]): boolean {
  const asked = clauses[clauses.length - 1] ?? '';
  if (!WHAT_IF.test(masked) || clauses.length < 2 || WHAT_IF_ASIDE.test(asked)) return false;
  return WHAT_IF_MECHANICS.some((pattern) => pattern.test(asked)) && !EVALUATIVE.test(asked.replace(/\bticker\b/g, ''));
}

/** True for a question about markets or people in general (GENERIC), with nothing that makes it specific. */
export function isGeneral(masked: string, personal = PERSONAL.test(masked)): boolean {
  if (HOW_TO_TELL.test(masked)) return true;
  if (personal || !GENERIC.test(masked) || SPECIFIC.test(masked) || ASKS_FOR_PICK.test(masked) || FIND_STOCK.test(masked)) return false;
  if (PAST.test(masked)) return true;
  return !MOMENT.test(masked) && !(MARKET_LEVEL.test(masked) && SPECIFIC_TIME.test(masked));
}

/** True when the question asks what something means, warns of a scam, checks a claim, or asks about Warren's limits. */
export function isDefinitional(masked: string): boolean {
  return ((DEFINITIONAL.test(masked) || WARNING.test(masked)) && !PERSONAL.test(masked)) || ABOUT_LIMITS.test(masked) || isClaimCheck(masked);
}

/**
 * True when the question is phrased as a request for an explanation rather than a decision. `ruleIds` (the input rules
 * that matched) makes the framing stricter: a question that a rule matched needs a known topic, not just a question word.
 */
export function isEducationallyFramed({ masked, clauses }: PreparedQuestion, ruleIds: readonly string[]): boolean {
  if (ABOUT_LIMITS.test(masked) || isClaimCheck(masked)) return true;
  if (MECHANICS.some((pattern) => pattern.test(masked)) && !EVALUATIVE.test(masked)) return true;
  if (isWhatIfMechanics(masked, clauses)) return true;
  if ((LEARNING.test(masked) || SAFE_PRACTICE.test(masked)) && !TRADE_CUE.test(masked)) return true;
  if (SAFE_CHANNEL.test(masked)) return true;
  if (RESOURCES.test(masked)) return true;
  if (isGeneral(masked)) return true;
  if (ruleIds.every((id) => id === 'ticker-vs-ticker') && FACTS.some((pattern) => pattern.test(masked)) && !ADVICE_CUE.test(masked)) return true;
  if (PERSONAL.test(masked) && !ASKS_WHY.test(masked)) return false;
  if (SELF_EVIDENT.some((pattern) => pattern.test(masked)) && !ADVICE_CUE.test(masked.replace(/^which is better\b/, ''))) return true;
  if (!EDUCATIONAL.some((pattern) => clauses.some((clause) => pattern.test(clause)))) return false;
  // A known topic, or nothing that weighs up an investment ("what is hedging?", "what moved the Nifty this week?").
  return EDUCATIONAL_TOPIC.test(masked) || (ruleIds.length === 0 && !ADVICE_CUE.test(masked) && !OUTCOME_CUE.test(masked));
}

/** True when the question has anything to do with investing (a stock, money, an action, a market word). */
export function mentionsMarkets({ masked }: PreparedQuestion): boolean {
  return MARKET_WORDS.test(masked);
}
