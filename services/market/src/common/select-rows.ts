import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** Column types whose values TypeORM hands over as the driver reads them, apart from a column transformer. */
const AS_READ = new Set<unknown>(['varchar', 'text', 'numeric', 'bigint', 'integer', 'date']);

/**
 * Runs `query` for the given columns of its entity and returns plain objects holding them, in that order, each value
 * converted as TypeORM converts it for an entity (column transformers applied; a date column as 'YYYY-MM-DD', read as
 * text rather than parsed into a Date and formatted back). The rows `getMany()` gives, at about the cost of the query
 * alone: entity hydration takes twice as long as the query on long bar series (a market-wide read holds 75,000 bars).
 */
export const selectRows = async <E extends ObjectLiteral, K extends keyof E & string>(query: SelectQueryBuilder<E>, properties: readonly K[]): Promise<Array<Pick<E, K>>> => {
  const { alias, connection } = query;
  const metadata = query.expressionMap.mainAlias!.metadata;
  const columns = properties.map((property) => {
    const column = metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${metadata.name} has no column ${property}`);
    const path = `${alias}.${property}`;
    return { property, column, expression: column.type === 'date' ? `to_char(${path}, 'YYYY-MM-DD')` : path };
  });
  query.select(columns[0]!.expression, columns[0]!.property);
  for (const { expression, property } of columns.slice(1)) query.addSelect(expression, property);
  const converting = columns.flatMap(({ property, column }) => {
    const convert = converter(column, (value) => connection.driver.prepareHydratedValue(value, column));
    return convert ? [{ property, convert }] : [];
  });
  const rows = await query.getRawMany<Record<K, unknown>>();
  for (const row of rows) for (const { property, convert } of converting) row[property] = convert(row[property]);
  return rows as Array<Pick<E, K>>;
};

/** How a column's value read is turned into the entity's; null when it is used as read. */
const converter = (column: ColumnMetadata, driver: (value: unknown) => unknown): ((value: unknown) => unknown) | null => {
  const { transformer } = column;
  if (!AS_READ.has(column.type) || Array.isArray(transformer)) return driver;
  return transformer ? (value) => transformer.from(value) : null;
};
