import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The operations dashboard (docs/decisions/0057-operations-dashboard.md). Its history charts (node times, admissions and
// terminations per month) read monthly tallies instead of every node and flow of the period: at a million flows a
// quarter holds hundreds of thousands of node completions. The tallies are kept by the database (triggers, so every
// write path keeps them, as cert_flow_category is kept), per month (plants' time, UTC+8), scenario, CMT and its
// leader, purchasing manager (whose flows a manager sees) and small category ('' = the flow once, whatever its
// categories), node and whole days spent (a histogram: percentiles are read off it). `flow_tally_rebuild()` counts
// them again from the tables: the backfill here, and the repair should a tally ever be doubted.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table flow_tally (
      metric text not null,
      month date not null,
      cert_scenario text not null,
      cmt_code text not null,
      cmt_leader_job_number text not null,
      purchase_job_number text not null,
      category_code text not null,
      node_code text not null,
      days integer not null,
      n integer not null,
      constraint flow_tally_pk primary key (metric, category_code, month, cert_scenario, cmt_code, cmt_leader_job_number,
        purchase_job_number, node_code, days)
    )`.execute(db);
  // One row per tally key of a flow: once with '' and once per small category.
  await sql`
    create function flow_tally_add(p_metric text, p_at timestamptz, p_flow cert_flow, p_node text, p_days integer)
    returns void language sql as $$
      insert into flow_tally as t (metric, month, cert_scenario, cmt_code, cmt_leader_job_number, purchase_job_number,
        category_code, node_code, days, n)
      select p_metric, date_trunc('month', p_at at time zone 'Asia/Shanghai')::date, p_flow.cert_scenario, p_flow.cmt_code,
        p_flow.cmt_leader_job_number, p_flow.purchase_job_number, c.code, p_node, p_days, 1
      from (select '' as code union select distinct e->>'code'
            from jsonb_array_elements(case jsonb_typeof(p_flow.category_list) when 'array' then p_flow.category_list else '[]' end) e
            where e->>'code' is not null) c
      on conflict on constraint flow_tally_pk do update set n = t.n + 1
    $$`.execute(db);
  // Admissions (and requalifications passed) at the pass time, terminations when they happen.
  await sql`
    create function flow_tally_flow_ended() returns trigger language plpgsql as $$
    begin
      if new.stage = 90 and old.stage <> 90 then
        perform flow_tally_add(case when new.apply_type = 3 then 'requalified' else 'admitted' end, coalesce(new.pass_time, now()), new, '', 0);
      elsif new.stage = 0 and old.stage <> 0 then
        perform flow_tally_add('terminated', now(), new, '', 0);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger flow_tally_flow_ended after update of stage on cert_flow for each row execute function flow_tally_flow_ended()`.execute(db);
  // A node's completion, with its whole days from opening to finish; a node closed by its flow's end is no completion.
  await sql`
    create function flow_tally_node_finished() returns trigger language plpgsql as $$
    declare f cert_flow;
    begin
      if new.status = 20 and new.finished_at is not null and new.started_at is not null
        and (tg_op = 'INSERT' or old.finished_at is null or old.status <> 20) then
        select * into f from cert_flow where flow_no = new.flow_no;
        if found then
          perform flow_tally_add('node', new.finished_at, f, new.node_code,
            greatest(0, floor(extract(epoch from new.finished_at - new.started_at) / 86400))::integer);
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger flow_tally_node_finished after insert or update of status, finished_at on cert_flow_node
    for each row execute function flow_tally_node_finished()`.execute(db);
  await sql`
    create function flow_tally_rebuild() returns void language sql as $$
      delete from flow_tally;
      with events as (
        select case when f.apply_type = 3 then 'requalified' else 'admitted' end as metric, coalesce(f.pass_time, f.updated_at) as at,
          f.flow_no, '' as node_code, 0 as days
        from cert_flow f where f.stage = 90
        union all
        select 'terminated', f.updated_at, f.flow_no, '', 0 from cert_flow f where f.stage = 0
        union all
        select 'node', n.finished_at, n.flow_no, n.node_code,
          greatest(0, floor(extract(epoch from n.finished_at - n.started_at) / 86400))::integer
        from cert_flow_node n where n.status = 20 and n.finished_at is not null and n.started_at is not null
      )
      insert into flow_tally (metric, month, cert_scenario, cmt_code, cmt_leader_job_number, purchase_job_number,
        category_code, node_code, days, n)
      select e.metric, date_trunc('month', e.at at time zone 'Asia/Shanghai')::date, f.cert_scenario, f.cmt_code,
        f.cmt_leader_job_number, f.purchase_job_number, c.code, e.node_code, e.days, count(*)
      from events e
      join cert_flow f on f.flow_no = e.flow_no
      cross join lateral (select '' as code union select distinct x->>'code'
        from jsonb_array_elements(case jsonb_typeof(f.category_list) when 'array' then f.category_list else '[]' end) x
        where x->>'code' is not null) c
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9
    $$`.execute(db);
  await sql`select flow_tally_rebuild()`.execute(db);
  // Open flows by stage and node, counted off the index alone (running flows are a small part of a long history).
  await sql`
    create index cert_flow_open_nodes on cert_flow (cert_scenario, cmt_code, stage, current_node_code)
    include (purchase_job_number, cmt_leader_job_number) where stage between 10 and 40`.execute(db);
  // The suppliers of a manager's or leader's flows (certificates and grades in the scope).
  await sql`create index if not exists cert_flow_supplier_no on cert_flow (supplier_no) where supplier_no is not null`.execute(db);
  // Approved exits per month.
  await sql`create index supplier_exit_finished on supplier_exit (finished_at) where status = 'approved'`.execute(db);
  await sql`analyze flow_tally`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
