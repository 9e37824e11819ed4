/**
 * Builds one statement out of several data-modifying CTEs, so a document and
 * everything written with it (lines, due items, journal entry) cost a single
 * round trip to the database.
 */
import { prepared, type Queryable, type Row } from './db';

export class Statement {
  readonly args: unknown[] = [];
  private ctes: string[] = [];

  /** A parameter placeholder for a value. */
  p(value: unknown): string {
    this.args.push(value);
    return `$${this.args.length}`;
  }

  with(name: string, sql: string): this {
    this.ctes.push(`${name} AS (${sql})`);
    return this;
  }

  /** `hot`: a statement of the hot path whose text takes few shapes, prepared once per connection (db.ts `prepared`). */
  run<T = Row>(q: Queryable, final: string, hot = false): Promise<T[]> {
    const sql = `${this.ctes.length ? `WITH ${this.ctes.join(',\n')}\n` : ''}${final}`;
    return q.query<T>(hot ? prepared(sql) : sql, this.args);
  }
}
