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
