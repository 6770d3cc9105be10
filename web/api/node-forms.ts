import { queryOptions } from '@tanstack/react-query';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import type { KcpNode } from '#domain/cert-flow/nodes/kcp.ts';
import { FLOW_NODES } from '#domain/contracts/flow-nodes.ts';
import { call } from './call.ts';
import { flowDetailKeys } from './cert-flow-detail.ts';

/** The node screens with a form: aptitude, meeting conclusions, sample certification (req flow §7.2, §7.3, §7.6). */

// The form is another person's work until it is ours: read it afresh whenever the panel is shown.
export const aptitudeDetailQuery = (flowNo: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.node(flowNo, 'APTITUDE'), 'detail'],
    queryFn: ({ signal }) => call(FLOW_NODES.aptitude, { query: { flowNo } }, { signal }),
    staleTime: 0,
  });

export const aptitudeResultQuery = (flowNo: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.node(flowNo, 'APTITUDE'), 'result'],
    queryFn: ({ signal }) => call(FLOW_NODES.aptitudeResult, { query: { flowNo } }, { signal }),
    staleTime: 0,
  });

export const kcpDetailQuery = (flowNo: string, nodeCode: KcpNode) =>
  queryOptions({
    queryKey: [...flowDetailKeys.node(flowNo, nodeCode), 'detail'],
    queryFn: ({ signal }) => call(FLOW_NODES.kcp, { query: { flowNo, nodeCode } }, { signal }),
    staleTime: 0,
  });

export const sampleCertDetailQuery = (flowNo: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.node(flowNo, 'SAMPLE_CERT'), 'detail'],
    queryFn: ({ signal }) => call(FLOW_NODES.sampleCert, { query: { flowNo } }, { signal }),
    staleTime: 0,
  });


// Types, not interfaces: the forms' zod resolver needs indexable records.
export type AptitudeInput = { flowNo: string; description: string; documentList: DocumentItem[] };
export type KcpInput = { flowNo: string; nodeCode: KcpNode; accessStatus: number | null; documentList: DocumentItem[] };
export type SampleCertInput = { flowNo: string; accessStatus: number | null; description: string; documentList: DocumentItem[] };

/** Field errors show on the forms, so the writes handle their own errors. */
export const saveAptitude = (input: AptitudeInput) => call(FLOW_NODES.aptitudeSave, { body: input }, { handleErrors: true });
export const completeAptitude = (input: AptitudeInput) => call(FLOW_NODES.aptitudeComplete, { body: input }, { handleErrors: true });
export const submitKcp = (input: KcpInput) => call(FLOW_NODES.kcpSubmit, { body: input }, { handleErrors: true });
export const finishSampleCert = (input: SampleCertInput) => call(FLOW_NODES.sampleCertFinish, { body: input }, { handleErrors: true });
export const transferSampleCert = (input: { flowNo: string; jobNumber: string; name: string }) =>
  call(FLOW_NODES.sampleCertTransfer, { body: input }, { handleErrors: true });
