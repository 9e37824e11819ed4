/**
 * Builds one statement out of several data-modifying CTEs, so a document and
 * everything written with it (lines, due items, journal entry) cost a single
 * round trip to the database.
 */
import type { Queryable, Row } from './db';

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

  run<T = Row>(q: Queryable, final: string): Promise<T[]> {
    return q.query<T>(`${this.ctes.length ? `WITH ${this.ctes.join(',\n')}\n` : ''}${final}`, this.args);
  }
}
