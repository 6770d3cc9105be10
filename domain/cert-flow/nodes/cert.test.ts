import { describe, expect, it } from 'vitest';
import { translate } from '../../messages.ts';
import { onCertificateHoldChange } from '../../rfi/dependencies.ts';
import { certDraft, certificateRows, certRequest } from './cert.ts';

const errorsOf = (schema: typeof certRequest | typeof certDraft, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), translate(i.message, 'zh')]));
};
const held = { certificateType: 'IATF16949', hold: true, certificateName: 'iatf.pdf', certificateFileUrl: '/common/v1/simple-download?fileKey=k', validFrom: '2025-01-01', validUntil: '2099-01-01' };
const notHeld = (certificateType: string) => ({ certificateType, hold: false, certificateName: '', certificateFileUrl: '' });

describe('the CERT node form (req flow §5.11)', () => {
  it('completes with every required certificate answered and each held one filed', () => {
    expect(errorsOf(certRequest, { flowNo: 'CF1', certificateList: [held, notHeld('ISO14000'), notHeld('ISO45001')] })).toEqual({});
  });

  it('a held certificate is dated: its validity asked, and refused when it ends before it starts', () => {
    const undated = { ...held, validFrom: undefined, validUntil: undefined };
    expect(errorsOf(certRequest, { flowNo: 'CF1', certificateList: [undated, notHeld('ISO14000'), notHeld('ISO45001')] })).toEqual({
      'certificateList.0.validFrom': '请输入生效日期',
      'certificateList.0.validUntil': '请输入有效期至',
    });
    const backwards = { ...held, validFrom: '2030-01-01', validUntil: '2029-12-31' };
    expect(errorsOf(certRequest, { flowNo: 'CF1', certificateList: [backwards, notHeld('ISO14000'), notHeld('ISO45001')] })).toEqual({
      'certificateList.0.validUntil': '有效期至须晚于生效日期',
    });
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
