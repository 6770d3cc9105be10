import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Running flows by stage and open node for the operations dashboard (docs/decisions/0057-operations-dashboard.md),
// counted as they move instead of read: at a million flows sixty thousand may be running, and their rows change with
// every node, so an index alone still visits each. `flow_open_tally` is kept by a trigger on cert_flow: a flow leaving a
// key takes one off, entering one adds one, in one statement whose rows are locked in key order (two flows moving in
// opposite directions cannot deadlock). Keys as flow_tally's, without month; a key whose count reaches 0 stays, at 0.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table flow_open_tally (
      cert_scenario text not null,
      cmt_code text not null,
      cmt_leader_job_number text not null,
      purchase_job_number text not null,
      category_code text not null,
      stage integer not null,
      node_code text not null,
      n integer not null,
      constraint flow_open_tally_pk primary key (category_code, cert_scenario, cmt_code, cmt_leader_job_number,
        purchase_job_number, stage, node_code)
    )`.execute(db);
  // The keys of a running flow: once with '' and once per small category; none for an ended one.
  await sql`
    create function flow_open_keys(f cert_flow) returns table (category_code text) language sql stable as $$
      select c.code from (select '' as code union select distinct e->>'code'
        from jsonb_array_elements(case jsonb_typeof(f.category_list) when 'array' then f.category_list else '[]' end) e
        where e->>'code' is not null) c
      where f.stage between 10 and 40
    $$`.execute(db);
  await sql`
    create function flow_open_tally_sync() returns trigger language plpgsql as $$
    begin
      insert into flow_open_tally as t (cert_scenario, cmt_code, cmt_leader_job_number, purchase_job_number, category_code,
        stage, node_code, n)
      select d.cert_scenario, d.cmt_code, d.cmt_leader_job_number, d.purchase_job_number, d.category_code, d.stage,
        d.node_code, sum(d.delta)::int
      from (
        select old.cert_scenario, old.cmt_code, old.cmt_leader_job_number, old.purchase_job_number, k.category_code,
          old.stage, old.current_node_code as node_code, -1 as delta
        from flow_open_keys(old) k where tg_op in ('UPDATE', 'DELETE')
        union all
        select new.cert_scenario, new.cmt_code, new.cmt_leader_job_number, new.purchase_job_number, k.category_code,
          new.stage, new.current_node_code, 1
        from flow_open_keys(new) k where tg_op in ('INSERT', 'UPDATE')
      ) d
      group by 1, 2, 3, 4, 5, 6, 7
      having sum(d.delta) <> 0
      order by 5, 1, 2, 3, 4, 6, 7
      on conflict on constraint flow_open_tally_pk do update set n = t.n + excluded.n;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger flow_open_tally_sync after insert or delete or update of stage, current_node_code, cert_scenario, cmt_code,
      cmt_leader_job_number, purchase_job_number, category_list on cert_flow
    for each row execute function flow_open_tally_sync()`.execute(db);
  // The recount covers the running flows too.
  await sql`
    create or replace function flow_open_tally_rebuild() returns void language sql as $$
      delete from flow_open_tally;
      insert into flow_open_tally (cert_scenario, cmt_code, cmt_leader_job_number, purchase_job_number, category_code, stage,
        node_code, n)
      select f.cert_scenario, f.cmt_code, f.cmt_leader_job_number, f.purchase_job_number, k.category_code, f.stage,
        f.current_node_code, count(*)
      from cert_flow f cross join lateral flow_open_keys(f) k
      where f.stage between 10 and 40
      group by 1, 2, 3, 4, 5, 6, 7
    $$`.execute(db);
  await sql`select flow_open_tally_rebuild()`.execute(db);
  // Running flows are now counted from the tally: their index is not needed.
  await sql`drop index if exists cert_flow_open_nodes`.execute(db);
  await sql`analyze flow_open_tally`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
