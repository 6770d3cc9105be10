import type { Db } from '#db/connection.ts';
import { certificateRows, type CertDetail, type CertDraft, type CertRequest } from '#domain/cert-flow/nodes/cert.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import type { CertificateRow } from '#domain/rfi/sections/index.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { requireStoredUrls } from '#services/files/stored-documents.ts';
import { loadSection } from '#services/rfi/questionnaire.ts';
import { requireKnownCertificateKinds } from '#services/certificates/master-certificates.ts';
import { completeNode, type CheckedNode } from '../node-work.ts';
import { nodeFormDetail, saveNodeForm, savedNodeFields } from './node-form.ts';

/** The certificate check (req flow §3.17, §4.2, §5.11): the quality reviewer's copy of the questionnaire's step 5. */

/** The node's saved rows, or — until its principal first saves — the supplier's step-5 answers. */
export async function certDetail(db: Db, flowNo: string, staff: StaffPrincipal): Promise<CertDetail> {
  const {
    node: _node,
    accessStatus: _status,
    description: _description,
    documentList: _documents,
    ...detail
  } = await nodeFormDetail(db, flowNo, 'CERT', staff);
  const saved = await savedNodeFields(db, flowNo, 'CERT');
  if (saved) return { ...detail, source: 'node', certificateList: certificateRows(saved) };
  return { ...detail, source: 'rfi', certificateList: certificateRows(await questionnaireCertificates(db, flowNo)) };
}

async function questionnaireCertificates(db: Db, flowNo: string): Promise<unknown> {
  const application = await db.selectFrom('rfi_application').select('apply_no').where('flow_no', '=', flowNo).executeTakeFirst();
  return application && loadSection(db, application.apply_no, 'certificates');
}

/** Saves the rows without completing; each file must be one that was really stored. */
export async function saveCert(db: Db, node: CheckedNode, input: CertDraft, staff: StaffPrincipal): Promise<void> {
  await store(db, node, input.certificateList, staff, false);
}

/** Saves the rows (every req flow §5.11 rule already met), then asks the workflow to close the node. */
export async function completeCert(deps: { db: Db; flows: FlowGateway }, node: CheckedNode, input: CertRequest, staff: StaffPrincipal): Promise<void> {
  await store(deps.db, node, input.certificateList, staff, true);
  await completeNode(deps, { flowNo: node.flowNo, nodeCode: node.nodeCode, actor: actorOf(staff), outcome: 'pass' });
}

async function store(db: Db, node: CheckedNode, certificateList: CertificateRow[], staff: StaffPrincipal, submit: boolean): Promise<void> {
  await requireKnownCertificateKinds(db, certificateList);
  const files: Record<string, string> = {};
  certificateList.forEach((row, i) => {
    if (row.certificateFileUrl) files[`certificateList.${i}.certificateFileUrl`] = row.certificateFileUrl;
  });
  const stored = await requireStoredUrls(db, { kind: 'staff', flowNo: node.flowNo }, files);
  // A row's file name is the stored file's, whatever the form sent.
  const rows = certificateList.map((row, i) => {
    const ref = stored[`certificateList.${i}.certificateFileUrl`];
    return ref ? { ...row, certificateName: ref.name, certificateFileUrl: ref.url } : row;
  });
  await saveNodeForm(db, { node, values: { documents: [], fields: { certificateList: rows } }, staff, submit });
}
