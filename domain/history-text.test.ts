import { describe, expect, it } from 'vitest';
import { describeHistory } from './history-text.ts';

describe('change-log rows read in the reader language', () => {
  it('renders a save, a rejection with its reason and a node completion in zh and en', () => {
    expect(describeHistory('RFI_SAVE_NEXT', { stepNo: 3 }, 'zh', '')).toBe('保存第3步（下一步）');
    expect(describeHistory('RFI_SAVE_NEXT', { stepNo: 3 }, 'en', '')).toBe('Saved step 3 (next)');
    expect(describeHistory('RFI_REVIEW_REJECT', { kind: 'CMT_REVIEW', reason: '缺少财务数据' }, 'zh', '')).toBe('CMT审核驳回：缺少财务数据');
    expect(describeHistory('RFI_REVIEW_REJECT', { kind: 'CMT_REVIEW', reason: 'no finance' }, 'en', '')).toBe('CMT review rejected: no finance');
    expect(describeHistory('COMPLETE_NODE', { nodeCode: 'KCP1', outcome: 'fail' }, 'en', '')).toBe('First-stage meeting conclusion completed (failed)');
  });

  it('falls back to the stored text for an action without a template', () => {
    expect(describeHistory('REASSIGN', { assignments: [] }, 'en', 'PURCHASE_MANAGER → 周婷 (E10003)')).toBe('PURCHASE_MANAGER → 周婷 (E10003)');
  });
});
