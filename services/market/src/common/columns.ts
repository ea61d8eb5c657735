import type { ValueTransformer } from 'typeorm';

/** numeric and bigint columns: pg sends them as text, answers carry numbers (written as numbers, pg casts them). */
export const NUMBER: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
