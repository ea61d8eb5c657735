import { directionOf, formatSignedINR } from '../figures';

type GainProps = {
  value: number | null;
  /** The figure as written; by default the value in rupees with its sign ('+₹3,723.90'). */
  text?: string;
};

/** A gain or loss, green or red by its sign (market.css's .change colours, in both themes). */
export function Gain({ value, text }: GainProps) {
  return <span className={`change ${directionOf(value)}`}>{text ?? formatSignedINR(value ?? Number.NaN)}</span>;
}
