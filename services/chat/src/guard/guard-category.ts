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
