import type { RequestHandler } from 'express';
import { rateLimit, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import { tooMany } from '#domain/errors.ts';

/** Expired counters are swept now and then, not on every hit. */
const SWEEP_EVERY = 200;

/**
 * express-rate-limit store on the `rate_limit_hit` table: every API process of a scaled-out
 * deployment counts against the same window (architecture §2: no state in process memory).
 * A hit is one upsert; an elapsed window restarts inside the same statement.
 */
export class DbRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private hitsSinceSweep = 0;

  constructor(
    private readonly db: Db,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await this.db
      .selectFrom('rate_limit_hit')
      .select(['hits', 'reset_at'])
      .where('key', '=', this.key(key))
      .where('reset_at', '>', new Date())
      .executeTakeFirst();
    return row ? { totalHits: row.hits, resetTime: row.reset_at } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = new Date();
    const resetAt = new Date(now.getTime() + this.windowMs);
    const elapsed = sql<boolean>`rate_limit_hit.reset_at <= ${now}::timestamptz`;
    const row = await this.db
      .insertInto('rate_limit_hit')
      .values({ key: this.key(key), hits: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when ${elapsed} then 1 else rate_limit_hit.hits + 1 end`,
          reset_at: sql<Date>`case when ${elapsed} then ${resetAt}::timestamptz else rate_limit_hit.reset_at end`,
        }),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow();
    if (++this.hitsSinceSweep >= SWEEP_EVERY) {
      this.hitsSinceSweep = 0;
      await this.db.deleteFrom('rate_limit_hit').where('reset_at', '<', now).execute();
    }
    return { totalHits: row.hits, resetTime: new Date(row.reset_at) };
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .updateTable('rate_limit_hit')
      .set({ hits: sql<number>`greatest(hits - 1, 0)` })
      .where('key', '=', this.key(key))
      .execute();
  }

  async resetKey(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_hit').where('key', '=', this.key(key)).execute();
  }

  private key(key: string): string {
    return `${this.prefix}:${key}`;
  }
}

/** A per-IP limit answering with the 429 envelope; `name` keeps each limit's counters apart. */
export function perIpLimit(db: Db, name: string, limit: number, windowMinutes: number): RequestHandler {
  return rateLimit({
    windowMs: windowMinutes * 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // X-Forwarded-For from an untrusted client is ignored on purpose (TRUSTED_PROXIES), not a set-up mistake.
    validate: { xForwardedForHeader: false },
    store: new DbRateLimitStore(db, name),
    handler: (_req, _res, next) => next(tooMany()),
  });
}
