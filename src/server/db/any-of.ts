import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column = any($1)`: a list as one array parameter, so the statement's text is the same for any
 * length. drizzle's `inArray` writes a parameter per item, so each length was another text, and
 * on PGlite each text is prepared under a name until MAX_PREPARED_STATEMENTS: the author lookup
 * of a page of 1 to 500 notes alone could take 500 of them. Empty lists match nothing.
 */
export function anyOf(column: AnyColumn | SQL, values: readonly number[] | readonly string[]): SQL {
  return sql`${column} = any(${sql.param(values)})`;
}
