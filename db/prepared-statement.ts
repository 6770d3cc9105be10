import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
  type CompiledQuery,
  type QueryResult,
} from 'kysely';
import { registerPrepared, type DbOrTrx } from './connection.ts';
import type { Database } from './schema.ts';

/**
 * Builds queries without a connection (kysely's DummyDriver): PostgreSQL text, as both the node-postgres
 * and the PGlite dialects compile it.
 */
const builder = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** What a value of the statement stands for until its run: the name it is given in `values`. */
const SLOT = '\u0000prepared-value:';

/**
 * A statement built and compiled once, run many times with new values — for the statements of the hottest
 * calls (the staff and supplier sessions, a node write's first reads, a questionnaire save, every mail).
 * Building and compiling a kysely query costs more CPU than the database spends running one of these, so a
 * call now only binds its values. On PostgreSQL the text also runs as a named prepared statement: each
 * pooled connection parses and plans it once.
 *
 * `build` gets a stand-in for each value (`values.applyNo`) and must pass them to kysely as values only:
 * a value written into the text, or a text computed from a value, is refused when the statement is
 * compiled (the first run), as is a value that never reaches the statement. What changes the text
 * itself (which columns a save sets) is a separate statement.
 */
export function preparedStatement<V extends object, R>(build: (db: Kysely<Database>, values: V) => Compilable<R>): (db: DbOrTrx, values: V) => Promise<QueryResult<R>> {
  let compiled: { query: CompiledQuery<R>; slots: (keyof V | undefined)[] } | undefined;
  const compile = () => {
    const named = new Set<string>();
    const stand = new Proxy({} as V, {
      get: (_target, key) => {
        if (typeof key !== 'string') return undefined;
        named.add(key);
        return `${SLOT}${key}`;
      },
    });
    const query = build(builder, stand).compile();
    if (query.sql.includes(SLOT)) throw new Error(`A value was written into the text of a prepared statement: ${query.sql}`);
    const slots = query.parameters.map((p) => {
      if (typeof p !== 'string' || !p.includes(SLOT)) return undefined;
      const key = p.slice(SLOT.length);
      if (!p.startsWith(SLOT) || !named.has(key)) throw new Error(`A value of a prepared statement was computed from a stand-in (${JSON.stringify(p)}); pass it as a value`);
      return key as keyof V;
    });
    for (const key of named) if (!slots.includes(key as keyof V)) throw new Error(`The value ${key} of a prepared statement is not a parameter of it`);
    registerPrepared(query.sql);
    return { query, slots };
  };
  return (db, values) => {
    compiled ??= compile();
    const { query, slots } = compiled;
    const parameters = slots.map((key, i) => (key === undefined ? query.parameters[i] : values[key]));
    return db.executeQuery<R>({ ...query, parameters });
  };
}
