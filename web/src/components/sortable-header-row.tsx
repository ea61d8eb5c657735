import './sort-button.css';

export type SortDirection = 'ascending' | 'descending';

/** A column a sortable table can be sorted by; `text` columns align left. */
export type SortableColumn<K extends string> = { key: K; label: string; text?: boolean };

type SortableHeaderRowProps<K extends string> = {
  columns: readonly SortableColumn<K>[];
  sort: { key: K; direction: SortDirection };
  onSort: (key: K) => void;
};

/** The header row of a sortable table: every header is a button, the sorted one carries aria-sort and its arrow. */
export function SortableHeaderRow<K extends string>({ columns, sort, onSort }: SortableHeaderRowProps<K>) {
  return (
    <tr>
      {columns.map((column) => {
        const active = sort.key === column.key;
        return (
          <th key={column.key} scope="col" className={column.text ? 'text' : undefined} aria-sort={active ? sort.direction : undefined}>
            <button type="button" className="sort-button" onClick={() => onSort(column.key)}>
              <span>{column.label}</span>
              <span className="sort-mark" aria-hidden="true">
                {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
              </span>
            </button>
          </th>
        );
      })}
    </tr>
  );
}

const compare = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'en-IN');

/**
 * Rows in the order of the column `sort` names (the first column when it names none): rows without the figure last
 * whichever the direction, ties in symbol order.
 */
export const sortBySymbolTable = <R extends { symbol: string }, K extends string>(
  rows: readonly R[],
  columns: readonly { key: K; sortValue: (row: R) => string | number | null }[],
  sort: { key: K; direction: SortDirection },
): R[] => {
  const column = columns.find((entry) => entry.key === sort.key) ?? columns[0]!;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = column.sortValue(a);
    const right = column.sortValue(b);
    if (left === null || right === null) {
      if (left !== right) return left === null ? 1 : -1;
      return a.symbol.localeCompare(b.symbol);
    }
    return sign * compare(left, right) || a.symbol.localeCompare(b.symbol);
  });
};
