import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isMessageId, MESSAGES, translate } from '#domain/messages.ts';
import { RULE_TABLES } from '../../support/rfi-cases/index.ts';
import { RFI_LABEL_MESSAGES, RFI_RULE_MESSAGES, RFI_SPEC_MESSAGES } from '#domain/rfi/rule-messages.ts';
import { creditCodeLabel } from '#domain/rfi/sections/index.ts';

const expected = new Set(RULE_TABLES.flatMap((t) => t.cases.flatMap((c) => Object.values(c.expect).map((m) => m.split('|')[0]))));

describe('rule messages of req rfi §5', () => {
  it.each([...RFI_SPEC_MESSAGES, ...RFI_RULE_MESSAGES])('%s is expected by some rule case', (id) => {
    expect(expected.has(id)).toBe(true);
  });

  it('are written as in the requirements', () => {
    expect(RFI_SPEC_MESSAGES.map((id) => MESSAGES[id].zh)).toEqual([
      '该项必填',
      '请输入公司中文名称',
      '请上传营业执照',
      '请选择公司类型',
      '请选择国家和地区',
      '请选择省',
      '请填写市',
      '请填写详细地址',
      '请输入正确长度的邮政编码',
      '请输入正确的邮箱地址',
      '请输入区号',
      '请输入联系电话',
      '请选择是否持有',
      '请上传文件',
      '请输入制造基地名称',
      '请输入工厂占地',
      '请输入建筑面积',
      '请输入员工人数',
      '请输入总稼动率',
      '请输入班次',
      '请输入主要产品',
      '请输入目标产品线',
      '请输入客户要求最低',
      '请输入客户要求最高',
      '请输入内部目标平均',
      '请输入实际表现最低',
      '请输入实际表现最高',
      '请输入三包（质保）年',
      '请输入三包（质保）万公里',
    ]);
  });

  it('render with their parameters in both languages', () => {
    expect(translate('maxDecimals|{"scale":2}', 'zh')).toBe('最多2位小数');
    expect(translate('minRows|{"min":1}', 'en')).toBe('Rows needed: at least 1');
    expect(translate('certificateMissing|{"type":"ISO45001"}', 'zh')).toBe('缺少必填证书：ISO45001');
  });

  it('list every message id the section sources use', () => {
    const dir = new URL('../../../domain/rfi/sections/', import.meta.url);
    const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const used = new Set(sources.flatMap((f) => [...readFileSync(new URL(f, dir), 'utf8').matchAll(/'(\w+)'/g)].map((m) => m[1]).filter(isMessageId)));
    expect([...used].sort()).toEqual([...RFI_SPEC_MESSAGES, ...RFI_RULE_MESSAGES, ...RFI_LABEL_MESSAGES].sort());
  });
});

describe('creditCode label (req rfi §5)', () => {
  it('is the unified social credit code on the mainland, else the registration or D&B number', () => {
    expect([10, 20, 30, undefined, '30'].map((r) => translate(creditCodeLabel(r), 'zh'))).toEqual(['统一社会信用代码', '商业登记号/邓白氏编码', '商业登记号/邓白氏编码', '统一社会信用代码', '商业登记号/邓白氏编码']);
    expect(RFI_LABEL_MESSAGES).toContain(creditCodeLabel(30));
  });
});
