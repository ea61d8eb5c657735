export { answer, type Answer, type AnswerInput, find, MAX_WORDS, nearestTopics, NO_GUIDE, otherStock, saysNoGuide, type Suggestion } from './answer';
export { groundingFacts } from './facts';
export { formatDate, INDICATOR_DECIMALS } from './format';
export type { Grounding, GroundingPart, Turn } from './grounding';
export { COMPLIANCE_NOTE, DISCLAIMER, greeting } from './texts';
