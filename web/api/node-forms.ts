import { queryOptions } from '@tanstack/react-query';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import type { AptitudeResult } from '#domain/cert-flow/nodes/aptitude.ts';
import type { KcpNode } from '#domain/cert-flow/nodes/kcp.ts';
import type { NodeFormDetail } from '#domain/cert-flow/nodes/node-form.ts';
import type { SampleCertDetail } from '#domain/cert-flow/nodes/sample-cert.ts';
import { flowDetailKeys } from './cert-flow-detail.ts';
import { get, post } from './client.ts';

/** The node screens with a form: aptitude, meeting conclusions, sample certification (spec 2 §7.2, §7.3, §7.6). */

// The form is another person's work until it is ours: read it afresh whenever the panel is shown.
export const aptitudeDetailQuery = (flowNo: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.node(flowNo, 'APTITUDE'), 'detail'],
    queryFn: ({ signal }) => get<NodeFormDetail>('/v1/cert-flow-aptitude/detail', { flowNo }, { signal }),
    staleTime: 0,
  });

export const aptitudeResultQuery = (flowNo: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.node(flowNo, 'APTITUDE'), 'result'],
    queryFn: ({ signal }) => get<AptitudeResult>('/v1/cert-flow-aptitude/result-detail', { flowNo }, { signal }),
    staleTime: 0,
  });

export const kcpDetailQuery = (flowNo: string, nodeCode: KcpNode) =>
  queryOptions({
    queryKey: [...flowDetailKeys.node(flowNo, nodeCode), 'detail'],
    queryFn: ({ signal }) => get<NodeFormDetail>('/v1/cert-flow-kcp/detail', { flowNo, nodeCode }, { signal }),
    staleTime: 0,
  });

export const sampleCertDetailQuery = (flowNo: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.node(flowNo, 'SAMPLE_CERT'), 'detail'],
    queryFn: ({ signal }) => get<SampleCertDetail>('/v1/sample-cert/detail', { flowNo }, { signal }),
    staleTime: 0,
  });

type Done = { message: string };

// Types, not interfaces: the forms' zod resolver needs indexable records.
export type AptitudeInput = { flowNo: string; description: string; documentList: DocumentItem[] };
export type KcpInput = { flowNo: string; nodeCode: KcpNode; accessStatus: number | null; documentList: DocumentItem[] };
export type SampleCertInput = { flowNo: string; accessStatus: number | null; description: string; documentList: DocumentItem[] };

/** Field errors show on the forms, so the writes handle their own errors. */
export const saveAptitude = (input: AptitudeInput) => post<Done>('/v1/cert-flow-aptitude/audit', input, { handleErrors: true });
export const completeAptitude = (input: AptitudeInput) => post<Done>('/v1/cert-flow-aptitude/completed', input, { handleErrors: true });
export const submitKcp = (input: KcpInput) => post<Done>('/v1/cert-flow-kcp/submit', input, { handleErrors: true });
export const finishSampleCert = (input: SampleCertInput) => post<Done>('/v1/sample-cert/finish', input, { handleErrors: true });
export const transferSampleCert = (input: { flowNo: string; jobNumber: string; name: string }) =>
  post<Done>('/v1/sample-cert/transfer', input, { handleErrors: true });
