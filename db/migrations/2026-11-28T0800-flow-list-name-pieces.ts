import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The flow list's two-character supplier name search (req flow §2.1, "contains") at a million flows: the
// pieces' GIN index cannot hand flows over in page order, and walking the page index testing names reads
// rows-up-to-the-page's-end ÷ the term's share entries (120,000 at page 200 of a term in 3 % of the names).
// `cert_flow_name_piece` holds one row per flow and distinct two-character piece of its supplier name made of
// two Chinese characters (CJK Unified Ideographs, U+4E00–U+9FFF), keyed in page order within the piece, kept
// by a trigger from the name (insert, update of the name or start time, delete), so each such term's flows
// are read newest first off its key. Pieces with other characters (Latin letters, digits, punctuation) are
// left out — a Latin name alone would add some thirty — and those terms keep the earlier ways
// (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Flow list: two Chinese characters in page order").
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function cert_flow_name_pieces(pieces text[]) returns text[]
    language sql immutable parallel safe strict
    return array(select p from unnest(pieces) as p where p ~ '^[一-鿿]{2}$')`.execute(db);
  await sql`
    create table cert_flow_name_piece (
      piece text not null,
      start_time timestamptz not null,
      flow_no text not null
    )`.execute(db);
  // Filled before its key is built: one sort of all rows instead of a key grown row by row.
  await sql`
    insert into cert_flow_name_piece (piece, start_time, flow_no)
    select p, f.start_time, f.flow_no from cert_flow f, unnest(cert_flow_name_pieces(f.supplier_name_bigrams)) as p`.execute(db);
  await sql`alter table cert_flow_name_piece add constraint cert_flow_name_piece_pk primary key (piece, start_time, flow_no)`.execute(db);
  await sql`
    create function cert_flow_name_piece_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.supplier_name = new.supplier_name and old.start_time = new.start_time then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        delete from cert_flow_name_piece
        where piece = any(cert_flow_name_pieces(old.supplier_name_bigrams)) and start_time = old.start_time and flow_no = old.flow_no;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into cert_flow_name_piece (piece, start_time, flow_no)
        select p, new.start_time, new.flow_no from unnest(cert_flow_name_pieces(new.supplier_name_bigrams)) as p;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger cert_flow_name_piece_sync after insert or delete or update of supplier_name, start_time on cert_flow
    for each row execute function cert_flow_name_piece_sync()`.execute(db);
  await sql`analyze cert_flow_name_piece`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
