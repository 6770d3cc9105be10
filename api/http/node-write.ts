import type { z } from 'zod';
import type { NodeCode } from '#domain/cert-flow/enums.ts';
import { flowNoQuery } from '#domain/cert-flow/flow-no.ts';
import type { Locale } from '#domain/i18n.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { ROUTES } from '#domain/permissions.ts';
import { checkNodeWrite, nodePrincipal, type CheckedNode, type NodeCaller } from '#services/cert-flow/node-work.ts';
import type { AppDeps } from '../deps.ts';
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

interface NodeWrite<RS extends Ref, B extends z.ZodType | undefined, R> {
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
  handle(input: NodeWriteInput<RS, B>): R | Promise<R>;
}

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
    async answer(deps, req, res) {
      const staff = req.staff!;
      const raw: unknown = req.body ?? {};
      const named = parse(ref, raw, req);
      const nodeCode = typeof d.node === 'function' ? await d.node(named, deps.db) : d.node;
      const node = await checkNodeWrite(deps.db, { flowNo: named.flowNo, nodeCode, staff, caller: d.caller ?? nodePrincipal, ref: named });
      const body = (d.body && parse(d.body, raw, req)) as NodeWriteInput<RS, B>['body'];
      ok(res, await d.handle({ deps, locale: requestLocale(req), staff, node, ref: named, body }));
    },
  };
}
