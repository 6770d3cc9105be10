import type { z } from 'zod';
import type { NodeCode } from '#domain/cert-flow/enums.ts';
import { flowNoQuery } from '#domain/cert-flow/flow-no.ts';
import type { Locale } from '#domain/i18n.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { ROUTES } from '#domain/permissions.ts';
import { checkNodeWrite, completedInEngine, isFinishedRefusal, nodePrincipal, type CheckedNode, type NodeCaller } from '#services/cert-flow/node-work.ts';
import { isRetryWithoutOutcome } from '#adapters/request/request-scope.ts';
import type { AppDeps } from '../deps.ts';
import type { Contract } from '#domain/contracts/contract.ts';
import type { Endpoint } from './endpoint.ts';
import { requestLocale } from './context.ts';
import { ok, parse } from './envelope.ts';

type Ref = z.ZodType<{ flowNo: string }>;

interface NodeWriteInput<RS extends Ref, B> {
  deps: AppDeps;
  locale: Locale;
  staff: StaffPrincipal;
  /** The node, in progress, with the caller admitted. */
  node: CheckedNode;
  ref: z.output<RS>;
  body: B extends z.ZodType ? z.output<B> : undefined;
}

interface NodeWriteBase<RS extends Ref, B extends z.ZodType | undefined, R> {
  path: string;
  summary: string;
  tag: string;
  /** The progress page's route key unless said otherwise. */
  permissions?: readonly string[];
  /** What names the node: the flow number unless said otherwise (a KCP node also names its code). */
  ref?: RS;
  /** The node written; a function may read the flow (the release form's node depends on where the flow is). */
  node: NodeCode | ((ref: z.output<RS>, db: AppDeps['db']) => NodeCode | Promise<NodeCode>);
  /** Who may write: the node's task principal unless said otherwise. */
  caller?: NodeCaller<z.output<RS>>;
  /** The rest of the request, parsed once the caller is admitted. */
  body?: B;
  response?: z.ZodType<R>;
  /** May answer 202 while the engine carries the write out (Endpoint.pending): every write that `completes`, and these. */
  pending?: boolean;
}

interface AnsweringNodeWrite<RS extends Ref, B extends z.ZodType | undefined, R> extends NodeWriteBase<RS, B, R> {
  completes?: undefined;
  handle(input: NodeWriteInput<RS, B>): R | Promise<R>;
}

/**
 * A write whose service completes the node (asks the workflow to close it, `completeNode`). What it answers
 * once done is declared, so that a retry with its request key, whose first attempt's answer was lost after
 * the engine took the completion, is answered the same without running the write again.
 */
interface CompletingNodeWrite<RS extends Ref, B extends z.ZodType | undefined, R> extends NodeWriteBase<RS, B, R> {
  completes: (locale: Locale) => R;
  handle(input: NodeWriteInput<RS, B>): void | Promise<void>;
}

/**
 * A write that completes the node only sometimes (the conclusion of its last open row). Its keyed retry, meeting
 * the node finished by a completion the engine carried out, is answered `completes` only when `ownCompletion`
 * finds this request's own work on record for the caller (the completion may have been another row's).
 */
interface SometimesCompletingNodeWrite<RS extends Ref, B extends z.ZodType | undefined, R> extends NodeWriteBase<RS, B, R> {
  completes: (locale: Locale) => R;
  ownCompletion: (input: Omit<NodeWriteInput<RS, B>, 'node'>) => Promise<boolean>;
  handle(input: NodeWriteInput<RS, B>): R | Promise<R>;
}

type NodeWrite<RS extends Ref, B extends z.ZodType | undefined, R> =
  | AnsweringNodeWrite<RS, B, R>
  | CompletingNodeWrite<RS, B, R>
  | SometimesCompletingNodeWrite<RS, B, R>;

/**
 * A write to one node of a flow. Every node write takes the same steps before its handler: parse the
 * flow (400) → the node is in progress (404, 409) → the caller is admitted (403) → parse the body
 * (400). So nobody learns a form's rules of a node they may not touch, and the service gets typed
 * input and the checked node.
 */
export function defineNodeWrite<RS extends Ref = typeof flowNoQuery, B extends z.ZodType | undefined = undefined, R = unknown>(d: NodeWrite<RS, B, R>): Endpoint {
  const ref = (d.ref ?? flowNoQuery) as RS;
  return {
    method: 'post',
    path: d.path,
    auth: 'staff',
    permissions: d.permissions ?? [ROUTES.certFlowDetail],
    summary: d.summary,
    tag: d.tag,
    body: d.body ?? ref,
    response: d.response,
    keyed: true,
    pending: d.pending ?? d.completes !== undefined,
    async answer(deps, req, res) {
      const staff = req.staff!;
      const locale = requestLocale(req);
      const raw: unknown = req.body ?? {};
      const named = parse(ref, raw, req);
      const nodeCode = typeof d.node === 'function' ? await d.node(named, deps.db) : d.node;
      const caller = d.caller ?? nodePrincipal;
      // Sent again with its request key after an attempt that left no outcome (its answer lost, a 5xx): the node
      // met finished — at the check, or under the service's lock a moment later, once the engine's closing of it
      // commits — may be that attempt's own completion, applied by the engine afterwards. The engine tells by the
      // completion's update id; then the answer is the completion's, as the first attempt would have given it.
      // Without a key, or with a new one, the finished node is refused.
      const answerOwnCompletion = async (err: unknown) => {
        if (!(d.completes && isRetryWithoutOutcome() && isFinishedRefusal(err))) throw err;
        const completed = await completedInEngine(deps, named.flowNo, nodeCode);
        if (!completed) throw err;
        await caller({ db: deps.db, node: completed, staff, ref: named });
        if ('ownCompletion' in d) {
          const body = (d.body && parse(d.body, raw, req)) as NodeWriteInput<RS, B>['body'];
          if (!(await d.ownCompletion({ deps, locale, staff, ref: named, body }))) throw err;
        }
        ok(res, d.completes(locale));
      };
      let node: CheckedNode;
      try {
        node = await checkNodeWrite(deps.db, { flowNo: named.flowNo, nodeCode, staff, caller, ref: named });
      } catch (err) {
        await answerOwnCompletion(err);
        return;
      }
      const body = (d.body && parse(d.body, raw, req)) as NodeWriteInput<RS, B>['body'];
      const input = { deps, locale, staff, node, ref: named, body };
      try {
        if ('ownCompletion' in d) ok(res, await d.handle(input));
        else if (d.completes) {
          await d.handle(input);
          ok(res, d.completes(locale));
        } else ok(res, await d.handle(input));
      } catch (err) {
        await answerOwnCompletion(err);
      }
    },
  };
}

type Declared = 'path' | 'summary' | 'tag' | 'body' | 'response';
type NodeWriteOf<RS extends Ref, B extends z.ZodType | undefined, R> =
  | Omit<AnsweringNodeWrite<RS, B, R>, Declared>
  | Omit<CompletingNodeWrite<RS, B, R>, Declared>
  | Omit<SometimesCompletingNodeWrite<RS, B, R>, Declared>;

/**
 * A node write implementing its contract (domain/contracts/flow-nodes.ts): the contract's path, summary, body
 * (the whole request: what names the node and the form) and answer; the API adds the node, who may write, the handler.
 */
export function implementNodeWrite<RS extends Ref = typeof flowNoQuery, B extends z.ZodType | undefined = undefined, R = unknown>(
  c: Contract<undefined, B, undefined, z.ZodType<R>, 'staff'>,
  d: NodeWriteOf<RS, B, R>,
): Endpoint {
  return defineNodeWrite<RS, B, R>({ ...d, path: c.path, summary: c.summary, tag: c.tag, body: c.body, response: c.response } as NodeWrite<RS, B, R>);
}
