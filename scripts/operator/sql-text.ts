/**
 * Turns a compiled query (SQL with `?` placeholders and its parameters) into one SQL text
 * with the values written in, for `wrangler d1 execute --command/--file`, which take SQL text
 * only. Strings are quoted with doubled quotes; bytes become X'..' literals.
 */
import type { CompiledQuery } from 'kysely';

export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Cannot write ${value} into SQL`);
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (value instanceof Uint8Array) return `X'${Buffer.from(value).toString('hex')}'`;
  throw new Error(`Cannot write a ${typeof value} into SQL`);
}

/** Replaces each `?` outside quotes with the next parameter. */
export function inlineParameters(query: Pick<CompiledQuery, 'sql' | 'parameters'>): string {
  const params = query.parameters;
  let next = 0;
  let out = '';
  let quote: string | null = null;
  for (const ch of query.sql) {
    if (quote) {
      out += ch;
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') {
      quote = ch;
      out += ch;
    } else if (ch === '?') {
      if (next >= params.length) throw new Error(`Too few parameters for: ${query.sql}`);
      out += sqlLiteral(params[next++]);
    } else {
      out += ch;
    }
  }
  if (next !== params.length) throw new Error(`Too many parameters for: ${query.sql}`);
  return out;
}

/** Statements as one script, each ending with a semicolon. */
export const sqlScript = (queries: readonly Pick<CompiledQuery, 'sql' | 'parameters'>[]) =>
  queries.map((query) => `${inlineParameters(query).trim().replace(/;$/, '')};`).join('\n') + '\n';
