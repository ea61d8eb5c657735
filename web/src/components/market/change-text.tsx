import { NOT_A_NUMBER, formatINR, formatIndianNumber, formatSignedPercent } from '../../lib/format';

type ChangeTextProps = {
  change: number | null;
  changePct: number | null;
  /** Rupees for a stock, points for an index. */
  unit?: 'rupees' | 'points';
  testId?: string;
};

const sign = (value: number) => (value > 0 ? '+' : value < 0 ? '−' : '');

/** A day's change with its sign, in rupees or points, and in % ('+₹12.50 (+0.42%)'); rises and falls are coloured. */
export function ChangeText({ change, changePct, unit = 'rupees', testId }: ChangeTextProps) {
  if (change === null && changePct === null) return <span className="change">{NOT_A_NUMBER}</span>;
  const value = change ?? changePct ?? 0;
  const direction = value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
  const amount =
    change === null ? null : `${sign(change)}${unit === 'rupees' ? formatINR(Math.abs(change)) : formatIndianNumber(Math.abs(change), 2)}`;
  return (
    <span className={`change ${direction}`} data-testid={testId}>
      {amount}
      {amount !== null && changePct !== null ? ' ' : null}
      {changePct !== null ? (amount !== null ? `(${formatSignedPercent(changePct)})` : formatSignedPercent(changePct)) : null}
    </span>
  );
}
