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

  it('falls back to the stored text for an action without a template, or a row without the facts', () => {
    expect(describeHistory('SOMETHING_NEW', { a: 1 }, 'en', '存储的描述')).toBe('存储的描述');
    expect(describeHistory('REASSIGN', null, 'en', 'PURCHASE_MANAGER → 周婷 (E10003)')).toBe('PURCHASE_MANAGER → 周婷 (E10003)');
    expect(describeHistory('SYSTEM_CERT_EXPERTS', { nodeCode: 'SYSTEM_CERT', experts: { QUALITY: 'E10001' } }, 'en', '体系认证评审专家：…')).toBe('体系认证评审专家：…');
  });
});

/** Every action the node screens, self-inspection, system certification and reassignment write. */
describe('node, self-inspection, system-certification and reassignment rows', () => {
  const both = (action: string, detail: Record<string, unknown>) => [describeHistory(action, detail, 'zh', 'STORED'), describeHistory(action, detail, 'en', 'STORED')];

  it('names the node of a saved or submitted node form', () => {
    const form = { nodeCode: 'APTITUDE', accessStatus: 1, documents: 2 };
    expect(both('SAVE_NODE_FORM', form)).toEqual(['资质匹配保存', 'Qualification matching saved']);
    expect(both('SUBMIT_NODE_FORM', { ...form, nodeCode: 'SAMPLE_CERT' })).toEqual(['样件认证提交', 'Sample certification submitted']);
  });

  it('renders each self-inspection step with its dimension, score and opinion', () => {
    expect(both('SELF_INSPECTION_ISSUE', { aid: 'a', dimensionCode: 'QUALITY', documentName: 'q.xlsx' })).toEqual([
      '下发自检清单：质量管理',
      'Self-inspection checklist issued: Quality management',
    ]);
    expect(both('SELF_INSPECTION_SUBMIT', { aid: 'a', dimensionCode: 'SUPPLY', selfScore: 87.5, documentName: 's.xlsx' })).toEqual([
      '供应商提交自检：供应与物流，自评分87.5',
      'The supplier submitted the self-inspection: Supply and logistics, self score 87.5',
    ]);
    expect(both('SELF_INSPECTION_REJECT', { aid: 'a', dimensionCode: 'TECHNOLOGY', approveStatus: 40, approveOpinion: '缺少图纸' })).toEqual([
      '自检审核驳回：技术研发，缺少图纸',
      'Self-inspection rejected: Engineering and development; opinion: 缺少图纸',
    ]);
    expect(both('SELF_INSPECTION_APPROVE', { aid: 'a', dimensionCode: 'BUSINESS', approveStatus: 50, approveOpinion: null })).toEqual([
      '自检审核通过：商务与财务',
      'Self-inspection approved: Commercial and finance',
    ]);
  });

  it('renders the system-certification experts, a score and the completion', () => {
    const assignments = [
      { indexCode: 'QUALITY', jobNumber: 'E10011', name: '王芳' },
      { indexCode: 'PRODUCTION', jobNumber: null, name: null },
    ];
    expect(both('SYSTEM_CERT_EXPERTS', { nodeCode: 'SYSTEM_CERT', assignments })).toEqual([
      '体系认证评审专家：质量管理：王芳(E10011)，生产制造：—',
      'System certification review experts: Quality management: 王芳 (E10011); Manufacturing: —',
    ]);
    expect(both('SYSTEM_CERT_SCORE', { nodeCode: 'SYSTEM_CERT', indexCode: 'QUALITY', score: 92, conclusion: 1 })).toEqual([
      '提交体系认证评分：质量管理 92分',
      'System certification score submitted: Quality management, 92 points',
    ]);
  });

  it('renders a reassignment or transfer with role names, and a contact reveal', () => {
    const assignments = [
      { role: 'PURCHASE_MANAGER', jobNumber: 'E10003', name: '周婷' },
      { role: 'TECHNICAL_REVIEWER', jobNumber: 'E10020', name: '陈强' },
    ];
    expect(both('REASSIGN', { assignments })).toEqual([
      '负责人变更：采购经理 → 周婷 (E10003)；技术评审 → 陈强 (E10020)',
      'Responsibilities reassigned: Purchasing manager → 周婷 (E10003); Technical reviewer → 陈强 (E10020)',
    ]);
    expect(both('REVEAL_CONTACT', { jobNumber: 'E10003' })).toEqual(['查看联系人信息', 'Viewed the supplier contact details']);
  });

  it('renders the flow engine rows: node opened, re-issue, termination with its reason, finish', () => {
    expect(both('OPEN_NODE', { nodeCode: 'KCP2' })).toEqual(['二阶段上会结论节点开始', 'Second-stage meeting conclusion opened']);
    expect(both('REISSUE_RFI', {})).toEqual(['RFI邀请已重新发送', 'RFI invitation re-issued']);
    expect(both('TERMINATE', { reason: '资质不符' })).toEqual(['认证已终止：资质不符', 'Certification terminated: 资质不符']);
    expect(both('FINISH', {})).toEqual(['认证流程完成', 'Certification flow finished']);
    expect(both('SUPPLIER_PORTAL_LOGIN', {})).toEqual(['供应商登录供应商门户', 'The supplier logged in to the supplier portal']);
  });
});
