import type { Shown } from '../format';

/** A stored value in words; when they are not all of it, the whole value is its title. */
export function ShownText({ shown }: { shown: Shown }) {
  return shown.full === undefined ? <>{shown.text}</> : <span title={shown.full}>{shown.text}</span>;
}
