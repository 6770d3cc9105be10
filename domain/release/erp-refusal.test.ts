import { describe, expect, it } from 'vitest';
import { erpRefusalAdvice, erpRefusalFields } from './erp-refusal.ts';

describe('the ERP’s refusal in the release form’s words', () => {
  it('names the form fields the ERP’s properties stand for, once each, in the order named', () => {
    const refusal = 'to_BusinessPartnerBank/results/0/SWIFTCode: Too big; to_BusinessPartnerAddress/results/0/PostalCode: Too big; …/BankNumber: Too big';
    expect(erpRefusalFields(refusal, 'zh')).toEqual(['银行账户的SWIFT/联行号', '邮编']);
    expect(erpRefusalAdvice(refusal, 'en')).toBe('The ERP refused the supplier code. Correct SWIFT/CNAPS code of a bank account, Postal code on the release form and submit it for approval again.');
  });

  it('reads a tax number assigned to another partner as the credit code, and says what to do with nothing named', () => {
    expect(erpRefusalFields('Tax number 91310000X is already assigned to business partner 10000001', 'en')).toEqual([
      'Unified social credit code (the ERP has this supplier already: switch to its existing vendor)',
    ]);
    expect(erpRefusalAdvice('Internal error', 'zh')).toBe('SAP拒绝了供应商编码申请。请按SAP的提示修改发布表单，然后重新提交审批。');
  });
});
