import { describe, expect, it } from 'vitest';
import { translate } from '../../messages.ts';
import { onCertificateHoldChange } from '../../rfi/dependencies.ts';
import { certDraft, certificateRows, certRequest } from './cert.ts';

const errorsOf = (schema: typeof certRequest | typeof certDraft, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), translate(i.message, 'zh')]));
};
const held = { certificateType: 'IATF16949', hold: true, certificateName: 'iatf.pdf', certificateFileUrl: '/common/v1/simple-download?fileKey=k' };
const notHeld = (certificateType: string) => ({ certificateType, hold: false, certificateName: '', certificateFileUrl: '' });

describe('the CERT node form (spec 2 §5.11)', () => {
  it('completes with every required certificate answered and each held one filed', () => {
    expect(errorsOf(certRequest, { flowNo: 'CF1', certificateList: [held, notHeld('ISO14000'), notHeld('ISO45001')] })).toEqual({});
  });

  it('changing the hold answer clears the file, so completion asks for it again', () => {
    const changed = onCertificateHoldChange(onCertificateHoldChange(held, false), true);
    expect(changed).toMatchObject({ hold: true, certificateName: '', certificateFileUrl: '' });
    expect(errorsOf(certRequest, { flowNo: 'CF1', certificateList: [changed, notHeld('ISO14000'), notHeld('ISO45001')] })).toEqual({
      'certificateList.0.certificateFileUrl': '请上传文件',
    });
  });

  it('a draft may leave the answers open; the flow number is always needed', () => {
    expect(errorsOf(certDraft, { flowNo: 'CF1', certificateList: [{ certificateType: 'IATF16949', hold: null }] })).toEqual({});
    expect(errorsOf(certDraft, { certificateList: [] })).toEqual({ flowNo: '该项必填' });
  });

  it('reads stored rows as the questionnaire stores them, and nothing from garbage', () => {
    expect(certificateRows({ certificateList: [{ certificateType: 'ISO14000', hold: false }] })).toEqual([{ certificateType: 'ISO14000', hold: false }]);
    expect(certificateRows(undefined)).toEqual([]);
    expect(certificateRows({ certificateList: 'x' })).toEqual([]);
  });
});
