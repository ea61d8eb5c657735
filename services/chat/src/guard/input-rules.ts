import { normalizeText } from './normalize';

/** What a blocked question was asking for; decides the reason and the suggestion shown. */
export type GuardCategory =
  | 'recommendation'
  | 'price_target'
  | 'tip'
  | 'multibagger'
  | 'guaranteed_returns'
  | 'allocation'
  | 'role_play'
  | 'prompt_injection';

/** A rule that matched: `strong` rules block even an educationally phrased question. */
export type RuleHit = { rule: string; category: GuardCategory; strong: boolean };

type Rule = { id: string; category: GuardCategory; strong: boolean; pattern: RegExp };

const ACTION = '(buy|sell|hold|exit|enter|invest|accumulate|short|add|average down|book profits?|go long|get in|get into|pick|trade|purchase|dump|switch)';
const STOCK = '(stocks?|shares?|scrips?|equity|equities|companies|company|counters?|midcaps?|smallcaps?|large ?caps?)';
const ASK = '(give|tell|suggest|recommend|name|send|find|list|show|drop|post|batao|bata|bataiye)';
const FUTURE_MOVE = '(reach|touch|hit|cross|go to|go up|go down|rise|fall|drop|jump|double|triple|recover|climb|rally|crash|fly|move|outperform|gain|surge|trade at|close at|be at)';

const rules: Rule[] = [
  // ---- prompt injection and role play: always blocked
  { id: 'ignore-instructions', category: 'prompt_injection', strong: true, pattern: /\b(ignore|disregard|forget|override|bypass|skip|drop)\b(\s+\w+){0,4}\s+(instructions?|rules?|guidelines?|prompts?|restrictions?|filters?|disclaimers?|compliance|safety|policy|policies|programming|training|above)\b/ },
  { id: 'reveal-prompt', category: 'prompt_injection', strong: true, pattern: /\b(system|hidden|initial|secret|original|developer)\s+(prompt|instructions?|message|rules)\b|\b(reveal|print|show|repeat|output|display|leak|dump)\b(\s+\w+){0,4}\s+(prompt|instructions?)\b/ },
  { id: 'instructions-given', category: 'prompt_injection', strong: true, pattern: /\bwhat (instructions|rules|prompt) (were|are|was|have) you (given|told|using)\b|\brepeat (the )?(text|words|everything) (above|before)\b/ },
  { id: 'jailbreak', category: 'prompt_injection', strong: true, pattern: /\b(override|overridden|(advice|admin|god|sudo) mode|configured (with|to)|before this (chat|conversation)|unfiltered|uncensored|no limits|no filters?|without limits|dan|jailbreak|jailbroken|developer mode|god mode|sudo mode|unrestricted|without (any )?restrictions|no restrictions|compliance (is )?(disabled|off)|new instructions?|you are allowed to)\b|^system\b|\bsystem\s*:|<\/?system>/ },
  { id: 'role-play', category: 'role_play', strong: true, pattern: /\b(pretend|imagine you|roleplay|role play|play the role|in character|act as|act like|you are now|you re now|from now on you|as an? (expert|registered|sebi|financial|stock|professional) \w+|as my (personal )?(financial )?(advisor|adviser|broker|planner|friend|uncle)|you are (a|an|my) (sebi|registered|research|financial|fund|stock|personal|best)|let s play|for a (story|novel|movie|game)|hypothetically|no rules|rules do not apply|don t apply|not apply to you|speak as|answer as)\b/ },

  // ---- direct and indirect buy/sell/hold requests
  { id: 'should-i-act', category: 'recommendation', strong: true, pattern: new RegExp(`\\b(should|shall|must|(?<!\\b(how|where|when|from where) )(can|could|do)) (i|we) (still |now |just |also )?(${ACTION.slice(1, -1)}|put|move|go for|get|take|stay|keep|sell off|load up|enter)\\b`) },
  { id: 'i-should-act', category: 'recommendation', strong: true, pattern: new RegExp(`\\b(whether|if) (i|we) should\\b|\\b(tell|advise|help) me (whether|if|what|which|to|when) (\\w+ ){0,2}${ACTION}\\b|\\badvise (me )?(whether|if|when|on whether) (to )?\\w+|\\bhelp me decide\\b`) },
  { id: 'buy-or-sell', category: 'recommendation', strong: true, pattern: /(?<!\b(i|we|they|people|investors|traders|you|someone|when|to) )\b(buy|sell|hold|exit|enter|keep) (or|and|vs|versus) (sell|hold|exit|wait|buy|keep|not)\b(?! (ratings?|recommendations?|signals?|calls?|orders?|side|advice|decisions?|buttons?|prices?)\b)|\bbuy sell or hold\b(?! (ratings?|recommendations?|signals?|calls?))/ },
  { id: 'good-buy', category: 'recommendation', strong: true, pattern: /\b(good|great|strong|safe|right|smart|bad|best|wise) (buy|sell|bet|pick|entry|investment|time to \w+|moment to \w+|idea to \w+|decision)\b(?! (rating|ratings|signal|signals|recommendation|recommendations|call|calls)\b)|\bbest bet\b/ },
  { id: 'is-it-a-buy', category: 'recommendation', strong: true, pattern: /\b(is|are) (it|this|that|they|(?!(a|an|the|what|there)\b)\w+) (a |an )?(long term |short term |good |strong |clear )?(buy|sell|hold)\b(?! (back|side|order|rating|signal|off|offs)s?\b)|\ba (buy|sell) (now|today|yet)\b|\b(?!(what|which|there|it|this|that)\b)\w+ (is|are) (a |an )?(good |strong |clear )?(buy|sell)\b(?! (back|side|order|orders|rating|ratings|signal|signals|off|limit|call|calls|price)\b)|^(buy|sell|exit|short|accumulate|hold) (\w+ )?(now|today|tomorrow|or|$)|\byes or no\b.*\b(buy|sell|hold|exit)\b/ },
  { id: 'worth-buying', category: 'recommendation', strong: true, pattern: /\bworth (buying|investing|selling|holding|it|a buy|adding|owning|getting)\b|\btoo late to (buy|sell|enter|get)\b|\b(cheapest|safest|best|right one|better) to (buy|sell|pick|hold|own)\b|\b(enough|cheap enough|low enough) to (buy|sell|enter|invest|accumulate|add)\b|\b(is it|would it be) (good|ok|okay|fine|better|wise|smart|right) to (buy|sell|invest|enter|exit|hold|accumulate|add)\b|\b(ideal|right|best|good|perfect) (buy|sell|entry|exit) (price|level|point|zone)\b|\bshould (my|our) \w+ (buy|sell|hold|exit|invest)\b|\bcut (my |the )?loss(es)?\b|\b(sell|buy|exit) (all|everything|it|them) or (hold|sell|buy|wait|keep)\b|\bto (buy|sell|exit|enter) (it |them )?(now|today|tomorrow|at this level|at these levels)\b|\b(time|moment) to (buy|sell|enter|exit|invest|book)\b(?! (a|the) (\w+ )?(fund|sip))/ },
  { id: 'stock-to-act', category: 'recommendation', strong: true, pattern: new RegExp(`\\b${STOCK} (to|i should|should i|we should|i can|worth) (buy|sell|pick|invest|trade|hold|accumulate|go for|get|purchase|add)\\b|\\b(which|what) (one|stock|share|company|scrip|sector|midcap|smallcap|bank stock|it stock|pharma stock|auto stock)s? (to|should|shall|do you|would you|will|can|is best|is better|gives?|has the best|are you)\\b`) },
  { id: 'which-is-better', category: 'recommendation', strong: true, pattern: /\bwhich (is|one is|of (these|them|the two)( stocks)?) (better|best|the best)\b|\bwhich of these (stocks )?(would|should|to)\b|\bwhich (one )?will (give|deliver|generate|make|return|perform|do) (better|more|higher|the best|best)\b|\bwhere should (my|i put my|i invest my) (money|savings|bonus)\b|\bwhere should i invest\b/ },
  { id: 'ask-for-picks', category: 'recommendation', strong: true, pattern: new RegExp(`\\b(${ASK} (me|us)|${ASK} (me |us )?(some|any|a few|a|an|one|two|three|five|ten|\\d+|your|the best|top|good|best|hot|exact|specific|particular)|share (me |us )?(some|any|your|a)) (\\w+ ){0,3}(stock|share|scrip|pick|call|trade|counter|penny stock|midcap|smallcap|tip)s?\\b(?! (split|splits|exchange|exchanges|market|markets|price history|prices|index|indices|buyback|buybacks)\\b)`) },
  { id: 'top-picks', category: 'recommendation', strong: true, pattern: new RegExp(`\\b(top|best|hot|good) (\\d+ |ten |five |three )?(\\w+ )?${STOCK} (to|for|of|in|right now|now|this|today|tomorrow)\\b|\\b(your|ur) (top )?(pick|picks|call|calls|view|views|recommendation|favourite|favorite|prediction|forecast|outlook|guess|opinion)\\b|\\b(what do you think|your thoughts|what is your view) (about|on|of)\\b.*\\b(buy|sell|hold|invest|exit)\\b|\\btop pick\\b`) },
  { id: 'would-you', category: 'recommendation', strong: true, pattern: new RegExp(`\\b(would|will|do|did|shall) you (never |always |ever |personally |still )?(${ACTION.slice(1, -1)}|recommend|suggest|pick|choose|advise|agree|buy more)\\b|\\byou (would|will|d) (never |always |ever |personally )?(buy|sell|hold|pick|choose|keep)\\b|\\bif you were (me|in my)\\b|\\bwhat would you do\\b|\\bwould (buying|selling|exiting|holding|investing|averaging)\\b|\\bwould it be (smart|wise|good|better|right)\\b|\\b(is|would) (it|that|this) (be )?(wise|smart|a good idea|safe|sensible)\\b(?! to (buy|sell|trade|invest) (\\w+ )?(from|through|via|using|on|with) )`) },
  { id: 'bullish-on', category: 'recommendation', strong: true, pattern: /\b(are you|you are|you re) (bullish|bearish|positive|negative)\b|\b(bullish|bearish) on which\b/ },
  { id: 'good-idea', category: 'recommendation', strong: true, pattern: /\b(buying|selling|holding|exiting|investing in) \w+ (now |today )?(is )?(a )?(good|bad|wise|right|smart)\b|\b(thinking|planning) (of|to|about) (buying|selling|buy|sell|exit|invest)\b|\bgood decision\b/ },
  { id: 'go-up-tomorrow', category: 'price_target', strong: true, pattern: new RegExp(`\\b(will|going to|gonna|likely to|expected to)( \\w+){0,4} ${FUTURE_MOVE}\\b`) },
  { id: 'recommend-stock', category: 'recommendation', strong: true, pattern: /\b(do you|can you|could you|would you) (recommend|suggest)\b|\bdo you (think|agree|feel) (i|we|it|this|that|\w+ is)\b/ },
  { id: 'quick-money', category: 'recommendation', strong: true, pattern: /\b(quick|fast|easy) (money|profit|buck|gains?)\b|\bmaximum (profit|return|gain)s?\b|\bmake me (rich|a crorepati|money)\b|\bcrorepati\b/ },

  { id: 'stock-recommendations', category: 'recommendation', strong: false, pattern: /\b(stock|share|equity) (recommendations?|picks|suggestions|ideas|calls)\b/ },

  // ---- targets and price predictions
  { id: 'target-of', category: 'price_target', strong: true, pattern: /\b(target|targets|tgt|price objective)( price)? (of|for|on) (?!(a|an|any|the|stocks?|shares?|companies|analysts?|funds?|my retirement|retirement|my goal|goals?)\b)\w+|\b(your|ur|upside|downside|12 month|one year|1 year|short term|long term) (price )?target\b|\b(entry|stop loss),? (and |& )?target (for|of|on)\b|\bgive (me )?(the )?(entry|target|stop loss)\b|\btarget (and|&) stop loss (for|of|on)\b|\bhow much (more )?(upside|downside|room)\b|\b(going|go|move) (up|down) or (up|down)\b|\btop (gainers?|losers?) (tomorrow|today|next|this|on)\b|\b(upside|downside) (from here|left|remaining)\b/ },
  { id: 'where-will', category: 'price_target', strong: true, pattern: /\bwhere (will|would|do you see|can|could) (\w+ ){0,4}(be|go|trade|close|end|head|reach|land)\b|\bwhere do you see\b|\b(chances?|odds|probability|likelihood) (that |of )?(\w+ ){0,3}(touch|touches|reach|reaches|hit|hits|cross|crosses|goes|go|rise|rises|fall|falls|doubl\w*)\b|\bdo you see (\w+ ){0,3}(at|above|below|near|crossing|reaching|hitting|touching) (rs )?\d|\b(can|should|will|could) (i|we) expect\b|\bexpected (return|returns|gain|gains|upside) (on|from|in) (?!(a|an|the|equity|equities|stocks|shares|mutual|index|funds?)\b)|\bhow (high|low|far|much|many points) (can|will|could|would|may|might) (\w+ ){0,4}(go|rise|fall|climb|drop|reach|move|gain|run)\b/ },
  { id: 'what-will-price', category: 'price_target', strong: true, pattern: /\bwhat (will|would) (be )?(the )?(\w+ ){0,3}(price|close|level|value|trade|be)\b|\bwhat (price|level) will\b|\b(predict|forecast|estimate)( the)? (\w+ ){0,3}(price|level|close)s? (for|of|in|by|on|tomorrow|next|this|after)\b|\b(can|could|will) you (predict|forecast)\b|\bexpected price\b|\bby how much will\b|\bhow much will\b/ },
  { id: 'will-reach-level', category: 'price_target', strong: true, pattern: /\b(will|can|could|would|may|might) (\w+ ){0,3}(reach|touch|hit|cross|go to|go above|go below|break|see|fall to|drop to|rise to|get to) (rs )?\d/ },

  // ---- tips (soft: "why are tips on telegram dangerous?" is educational)
  { id: 'tips', category: 'tip', strong: false, pattern: /\b(tip|tips|btst|stbt|jackpot|operator stocks?|insider (info|information|news))\b/ },
  { id: 'intraday-call', category: 'tip', strong: true, pattern: /\b(intraday|f o|fno|options?|expiry|swing|btst) (tips?|calls?|picks?|trade (for|on)|stocks? (for|today|tomorrow))\b|\b(stocks?|shares?) for intraday\b|\bcall (please|pls|for tomorrow|for today)\b|\b(tomorrow|tomorrow s|today s|monday s) (calls?|picks?|trade|tips?)\b|\btip of the day\b/ },

  // ---- multibaggers and doubling (soft: "what is a multibagger?" is educational)
  { id: 'multibagger', category: 'multibagger', strong: false, pattern: /\b(multibaggers?|multi baggers?|\d+ baggers?|\d+ x (stocks?|returns?|shares?)|hidden gems?|ten bagger|next big (stock|share|thing|winner)|penny stocks?)\b/ },
  { id: 'will-double', category: 'multibagger', strong: true, pattern: new RegExp(`\\b(which|what|name|find|suggest|tell|give|any)( \\w+){0,4} (will|would|can|could|to|that) (double|triple|multiply|grow \\d+ times|become|give \\d+|make me)\\b|\\b(double|triple|multiply) (my|your|our) (money|investment|capital|paisa)\\b|\\b(which|what) ${STOCK}\\b.*\\b(double|triple|multiply|\\d+ percent return)`) },

  // ---- guaranteed or promised returns (soft: "what if someone promises guaranteed returns?" is educational)
  { id: 'guaranteed', category: 'guaranteed_returns', strong: false, pattern: /\b(guarantee|guarantees|guaranteed|guaranteeing|assured?|assure me|sure shot|sureshot|surefire|sure tip|risk free|zero risk|no risk|no loss|never lose|can not (fail|lose)|certain to|100 percent (safe|sure|profit|returns?)|fixed \d+ percent|promise me|sure (returns?|profits?|gains?|income)|for sure|always (goes|go|going) up|safe stocks? with)\b/ },

  // ---- personal allocation
  { id: 'how-much-should', category: 'allocation', strong: true, pattern: /\bhow (much|many)( \w+){0,3} (should|shall|do|can|must) (i|we) (put|invest|allocate|keep|buy|have|hold|park|add)\b|\bhow much (money )?(to|should) (put|invest|allocate)\b|\bwhat (percentage|percent|portion|share|part|proportion) of my\b|\bhow (should|do) i (split|divide|allocate|distribute|deploy)\b|\bhow many shares\b/ },
  { id: 'build-portfolio', category: 'allocation', strong: true, pattern: /\b(build|make|create|design|construct|give|suggest|recommend)( me| us)?( a| an| my)?( \w+){0,2} portfolio\b|\brebalance my\b|\ballocate( \d+)?( \w+){0,3} (across|among|between|for me|into)\b|\b(put|move|invest|park) (all|\d+ percent|half|most) of my\b|\bideal allocation\b|\ball in (on|to|into)\b|\bmy portfolio (look like|be|have)\b|\b(split|divide) it\b|\bpick stocks for (my|me)\b|\b(for|in) my (portfolio|demat)\b|\bmy \d+ sip\b/ },
  { id: 'i-have-money', category: 'allocation', strong: true, pattern: /\bi (have|got|ve got|am having)( rs)? \d+( \w+){0,3} (which|what|where|how)\b|\bi (have|got)( rs)? \d+ (lakh|lakhs|crore|k|thousand|rs)\b.*\b(invest|buy|put|stocks?|shares?)\b|\bexactly which\b|\bsell my (fd|gold|house|mutual funds?) and (buy|invest)\b|\b(savings|salary|bonus|emergency fund|pf|pension) (in|into) (\w+ )?(stocks?|shares?|nifty)\b/ },

  // ---- Hinglish and Hindi
  { id: 'hinglish-which-share', category: 'recommendation', strong: true, pattern: /\b(kaunsa|kaunse|kaun sa|kaun se|kon sa|kon se|konse|kaunsi|kounsa) (share|shares|stock|stocks|scrip|company)\b|\b(share|stock|shares|stocks)( \w+){0,3} (batao|bataiye|bata do|suggest karo)\b/ },
  { id: 'hinglish-should-i', category: 'recommendation', strong: true, pattern: /\b(lelu|lelun|le lun|ruk jau|ruk jaun|lu|lun|loon|le lu|le loon|kharidu|kharidun|kharidoon|bechu|bechun|bech du|bech doon|lagau|lagaun|lagaoon|rakhu|rakhun|hold karu|buy karu|sell karu|exit karu|le sakte|kharid sakte|bech sakte)\b|\b(le|kharid|bech|laga|rakh) (sakta|sakte|sakti|skta|skte|sakta hu|sakta hoon)\b|\b(return|returns|profit|fayda|munafa) (\w+ )?(milega|milegi|milenge)\b|\b(lena|kharidna|bechna|bechni|lagana|rakhna|hold karna|buy karna|sell karna) (chahiye|sahi|theek)\b|\b(kya|kahan|kaha) (mujhe|main|hum)\b.*\b(kharid|bech|laga|invest|le)\w*\b/ },
  { id: 'hinglish-target', category: 'price_target', strong: true, pattern: /\btarget (kya|kitna|batao|bata|price batao|dijiye)\b|\bkitn[ae] (tak )?(jayega|jaega|jaayega|jayegi|badhega|girega|upar)\b|\b(upar|neeche|niche) (jayega|jaega|jayegi)\b|\b(pahunchega|pahuchega|jayega|badhega|girega)\b|\b(double|upar|neeche|niche) (hoga|hogi|ho jayega|jaega)\b/ },
  { id: 'hinglish-tip', category: 'tip', strong: true, pattern: /\btips? (do|dijiye|dedo|de do|batao|chahiye)\b|\b(double|guaranteed|guarantee|pakka|profit) (karne )?wal[ae] (share|stock)\b|\bpaisa (kaha|kahan|kidhar) lagau\b|\bsahi (time|samay|mauka|waqt|rahega)\b|\bkitna paisa\b/ },
  { id: 'hindi', category: 'recommendation', strong: true, pattern: /(कौन\s?सा|कौनसा)\s*(शेयर|स्टॉक)|खरीद(ूं|ूँ|ू|ें क्या)|बेच(ूं|ूँ|ू|ें क्या)|(लेना|खरीदना|बेचना) चाहिए|टारगेट|लक्ष्य मूल्य|टिप(्स)? (दो|दें|बताओ)/ },
];

// Educational framings: "what is / how does / why do … mean/work", "… kya hota hai", which let soft rules and the
// classifier through; strong rules still win ("what is the target price of INFY?").
const EDUCATIONAL = [
  /^(is it true|can anyone|can someone|does anyone|what|whats|how|why|explain|define|describe|meaning|tell me about|can you explain|could you explain|help me understand|is it legal|are|when|who|which (factors|indicators|ratios|signals))\b/,
  /\b(kya hota|kya hai|kya hote|ka matlab|kise kehte|kaise (kaam|check|kare|set|hota)|kyun|kyu|samjhao|samjhaiye)\b/,
];
const EDUCATIONAL_TOPIC = /\b(rsi|macd|moving average|\d+ day average|p e|pe ratio|ratio|volatility|volatile|drawdown|beta|volume|52 week|sentiment|indicators?|results|dividends?|history|trend|performance|performed|check|verify|registered|registration|identify|recognise|recognize|avoid|protect|learn|start|open|spot|true|mean|means|meant|meaning|definition|defined|work|works|working|calculated|calculate|differ|difference|different|signal|signals|legal|legally|illegal|risky|risk|risks|dangerous|scam|scams|fraud|frauds|warning|red flag|spot|report|happen|happens|affect|affects|taxed|tax|term|reliable|accurate|accuracy|history|historically|decide|set|read|interpret|why|work|legit|illegal|do if|kya hota|kya hai|matlab|kaise|kyun|kyu|samjhao|is an?|are|does)\b/;
const PERSONAL = /\b(should i(?! (do if|look|know|learn|check|read|study|watch|avoid|be careful))|i should|(what|which) (stock|share|scrip|company)s?\b(?! (exchange|exchanges|market|markets|split|splits|price|prices))|for me|my (money|portfolio|savings|salary|bonus|shares)|me a|give me|tell me which|which (stock|share)s?|kaunsa|batao)\b/;

// "What does a strong buy rating mean?": a request for a definition turns the recommendation rules soft.
const DEFINITIONAL = /\b(mean|means|meant|meaning|definition|defined|stand for|stands for|matlab|kya hota|kya hote|kise kehte)\b/;
// Questions about scams and claims ("what do 'stock will double' ads hide?") are about the warning, not a request.
const WARNING = /\b(claim|claims|scam|scams|scammers?|fraud|frauds|fraudsters?|fake|red flags?|warning signs?|ads|advertisements?|hide|ponzi|legal|illegal)\b/;
// "no one can guarantee returns": a negation shortly before a soft rule's words.
const NEGATED = /\b(no|not|never|nobody|no one|nothing|none|neither|nor)\b( \S+){0,4} ?$/;
const ALWAYS_STRONG = new Set<GuardCategory>(['prompt_injection', 'role_play']);

// When several rules match, the reason shown is the most specific one.
const SPECIFICITY: GuardCategory[] = ['prompt_injection', 'role_play', 'guaranteed_returns', 'multibagger', 'tip', 'price_target', 'allocation', 'recommendation'];

/** The most specific category among the rules that matched. */
export function mainCategory(hits: readonly RuleHit[]): GuardCategory | null {
  return SPECIFICITY.find((category) => hits.some((hit) => hit.category === category)) ?? null;
}

/** Rules that match a question; empty when nothing matched. */
export function matchInputRules(text: string): RuleHit[] {
  const normalized = normalizeText(text);
  const definitional = (DEFINITIONAL.test(normalized) || WARNING.test(normalized)) && !PERSONAL.test(normalized);
  return rules
    .filter((rule) => {
      const match = rule.pattern.exec(normalized);
      return match !== null && (rule.strong || !NEGATED.test(normalized.slice(0, match.index)));
    })
    .map(({ id, category, strong }) => ({ rule: id, category, strong: strong && (!definitional || ALWAYS_STRONG.has(category)) }));
}

/** True when the question is phrased as a request for an explanation rather than a decision. */
export function isEducationalFraming(text: string): boolean {
  const normalized = normalizeText(text);
  if (PERSONAL.test(normalized)) return false;
  return EDUCATIONAL.some((pattern) => pattern.test(normalized)) && EDUCATIONAL_TOPIC.test(normalized);
}

export { normalizeText };
