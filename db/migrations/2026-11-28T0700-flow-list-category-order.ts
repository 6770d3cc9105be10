import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The flow list's category filter (req flow §2.1) at a million flows: a flow's categories are a JSON list,
// whose only index (GIN) cannot hand flows over in page order, so page 200 of a category read or sorted
// tens of thousands of flows. `cert_flow_category` holds one row per flow and small category, kept by the
// database from `category_list` (a trigger, so every write path keeps it), keyed in page order within the
// category: each category asked is read newest first off its own key, and the list merges those ordered
// streams (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Flow list at a million flows"). The row carries the list's equality filters
// (purchasing manager, CMT and its leader, scenario, stage), kept by the same trigger, so a category combined
// with them is still read off the key alone.
// The CMT filter gets the same page-order index as the other equality filters (the flow number in it).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table cert_flow_category (
      category_code text not null,
      start_time timestamptz not null,
      flow_no text not null references cert_flow (flow_no) on delete cascade,
      purchase_job_number text not null,
      cmt_code text not null,
      cmt_leader_job_number text not null,
      cert_scenario text not null,
      stage integer not null,
      constraint cert_flow_category_pk primary key (category_code, start_time, flow_no)
        include (purchase_job_number, cmt_code, cmt_leader_job_number, cert_scenario, stage)
    )`.execute(db);
  await sql`create index cert_flow_category_flow_idx on cert_flow_category (flow_no)`.execute(db);
  await sql`
    create function cert_flow_category_sync() returns trigger language plpgsql as $$
    begin
      delete from cert_flow_category where flow_no = new.flow_no;
      insert into cert_flow_category (category_code, start_time, flow_no, purchase_job_number, cmt_code,
        cmt_leader_job_number, cert_scenario, stage)
      select distinct e->>'code', new.start_time, new.flow_no, new.purchase_job_number, new.cmt_code,
        new.cmt_leader_job_number, new.cert_scenario, new.stage
      from jsonb_array_elements(case jsonb_typeof(new.category_list) when 'array' then new.category_list else '[]' end) as e
      where e->>'code' is not null;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger cert_flow_category_sync after insert or update of category_list, start_time, purchase_job_number,
      cmt_code, cmt_leader_job_number, cert_scenario, stage on cert_flow
    for each row execute function cert_flow_category_sync()`.execute(db);
  await sql`
    insert into cert_flow_category (category_code, start_time, flow_no, purchase_job_number, cmt_code,
      cmt_leader_job_number, cert_scenario, stage)
    select distinct e->>'code', f.start_time, f.flow_no, f.purchase_job_number, f.cmt_code,
      f.cmt_leader_job_number, f.cert_scenario, f.stage
    from cert_flow f, jsonb_array_elements(f.category_list) as e
    where jsonb_typeof(f.category_list) = 'array' and e->>'code' is not null`.execute(db);
  await sql`create index cert_flow_cmt_list_idx on cert_flow (cmt_code, start_time desc, flow_no desc)`.execute(db);
  await sql`drop index if exists cert_flow_cmt_idx`.execute(db);
  await sql`analyze cert_flow_category`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
