import { FILES, type Questionnaire } from './questionnaire.ts';

/**
 * Valid answers to the questionnaire's steps, entered through the screens. Each function fills the
 * open step; the caller presses Next. Values chosen from the seeded dictionaries and areas.
 */

export const COMPANY = {
  chineseName: '苏州华翔精密部件有限公司',
  englishName: 'Suzhou Huaxiang Precision Parts Co., Ltd.',
  postalCode: '215000',
};

export async function fillCompany(q: Questionnaire): Promise<void> {
  await q.answer('认证地区', '中国大陆');
  await q.fill('公司中文名称', COMPANY.chineseName);
  await q.fill('公司英文名称', COMPANY.englishName);
  await q.fill('法定代表人', '张华');
  await q.choose('公司类型', '制造商');
  await q.choose('供应商类型', q.lang === 'zh' ? '零部件供应商' : 'Parts supplier', { literal: true });
  await q.choose('企业性质', q.lang === 'zh' ? '内资企业' : 'Domestic enterprise', { literal: true });
  await q.choose('企业性质细分', q.lang === 'zh' ? '有限责任公司' : 'Limited liability company', { literal: true });
  await q.fill('前几大股东及持股比例', '张华 60%，李明 40%');
  await q.answer('创始人是否参与经营管理', '是');
  await q.fill('国有资本占比（%）', '0');
  await q.fill('所属关联集团', '无');
  await q.fill('注册资本（万）', '5000');
  await q.choose('注册资本币种', q.lang === 'zh' ? '人民币' : 'Chinese yuan (CNY)', { literal: true });
  await q.fill('成立日期', '2005-03-01');
  await q.fill('意向合作产品', '座椅骨架冲压件');
  await q.fill('公司电话', '+8651288880000');
  await q.fill('公司网址', 'https://huaxiang.example.com');
  await q.fill('邮政编码', COMPANY.postalCode);
  const jiangsu = q.lang === 'zh' ? '江苏省' : 'Jiangsu';
  await q.address('注册地址', { province: jiangsu, city: q.lang === 'zh' ? '苏州市' : 'Suzhou', address: '工业园区星湖街1号' });
  await q.address('总部地址', { country: q.lang === 'zh' ? '中国' : 'China', province: jiangsu, city: q.lang === 'zh' ? '苏州市' : 'Suzhou' });
  await q.answer('除总部外是否有其他经营地址', '否');
  // Last: a change of the name or the registered address clears the licence (req rfi §4).
  await q.upload(q.wrapper('营业执照'), FILES.pdf('business-licence.pdf'));
  await q.upload(q.wrapper('公司简介'), FILES.png('company-profile.png'));
  await q.fill('银行账号', '6222021001123456789');
  await q.fill('开户银行', '中国工商银行苏州工业园区支行');
  await q.fill('开票地址', '苏州工业园区星湖街1号');
  await q.fill('开票电话', '051288880000');
}

export const CONTACT = { name: '李娜', email: 'li.na@huaxiang.example.com' };

/** One contact row (the first, present from the start). */
export async function fillContacts(q: Questionnaire, email = CONTACT.email): Promise<void> {
  const row = q.step.locator('tr[data-row="0"]');
  await q.fill('姓名', CONTACT.name, row);
  await q.fill('所属部门', '销售部', row);
  await q.choose('职位', q.lang === 'zh' ? '销售经理' : 'Sales manager', { scope: row, literal: true });
  await row.getByRole('combobox', { name: q.t('负责品类') }).click();
  await q.page.getByRole('option').first().click();
  await q.page.keyboard.press('Escape');
  await q.fill('联系电话', '13912345678', row);
  await q.fill('邮箱', email, row);
  await q.fill('办公地址', '苏州工业园区星湖街1号', row);
}

/** Two years of the first finance rows (amounts in ten-thousands; profit may be negative). */
export async function fillFinance(q: Questionnaire): Promise<void> {
  const values = [
    ['120000', '110000'],
    ['60000', '58000'],
  ];
  for (const [i, [last, before]] of values.entries()) {
    const row = q.step.locator(`tr[data-row="${i}"]`);
    await q.fill('上一年度', last, row);
    await q.fill('前一年度', before, row);
  }
}

export const BIG_CUSTOMER = '一汽大众';

export async function fillSales(q: Questionnaire): Promise<void> {
  const sales = q.step.getByRole('table', { name: q.t('销售情况') });
  const first = sales.locator('tr[data-row="0"]');
  await q.fill('本年度', '52000', first);
  await q.fill('上一年度', '48000', first);
  await q.fill('前一年度', '40000', first);
  const customers = q.step.getByRole('table', { name: q.t('主要客户') });
  await q.step.getByRole('button', { name: q.t('添加客户') }).click();
  const row = customers.locator('tr[data-row="0"]');
  await q.fill('客户名称', BIG_CUSTOMER, row);
  await q.choose('国家/地区', q.lang === 'zh' ? '中国' : 'China', { scope: row, literal: true, search: q.lang === 'zh' ? '中国' : 'China' });
  await q.fill('供货产品', '座椅骨架', row);
  await q.fill('上年销售额（万元）', '12000', row);
  await q.fill('上年配套占比（%）', '35.5', row);
}

/** The three required certificates held, with their files; one optional file. */
export async function fillCertificates(q: Questionnaire): Promise<void> {
  const table = q.step.getByRole('table', { name: q.t('证书及文件') });
  for (const i of [0, 1, 2]) {
    const row = table.locator(`tr[data-row="${i}"]`);
    await row.getByRole('radio', { name: q.t('是'), exact: true }).check();
    await q.upload(row, FILES.pdf(`certificate-${i + 1}.pdf`));
    await row.getByLabel(q.t('生效日期')).fill('2025-03-01');
    await row.getByLabel(q.t('有效期至')).fill('2028-02-29');
  }
  await q.upload(table.locator('tr[data-row="3"]'), FILES.png('quality-org-chart.png'));
}

/** Fills every text box of a row in order (tables whose cells carry the column title only). */
async function fillRow(row: import('playwright-core').Locator, values: string[]): Promise<void> {
  const boxes = row.getByRole('textbox');
  for (const [i, v] of values.entries()) await boxes.nth(i).fill(v);
}

/** One factory (every field), one product line. */
export async function fillFactories(q: Questionnaire): Promise<void> {
  await q.answer('是否有工厂', '是');
  const factory = q.step.locator('[data-factory="0"]');
  await factory.waitFor();
  await q.fill('制造基地名称', '苏州工厂', factory);
  await q.fill('工厂占地', '50000', factory);
  await q.fill('建筑面积', '30000', factory);
  await q.address('工厂地址', { country: q.lang === 'zh' ? '中国' : 'China', province: q.lang === 'zh' ? '江苏省' : 'Jiangsu', city: q.lang === 'zh' ? '苏州市' : 'Suzhou', address: '工业园区星湖街1号' }, factory);
  await q.fill('员工人数', '800', factory);
  await q.fill('总稼动率', '85%', factory);
  await q.fill('班次', '2', factory);
  await q.fill('主要产品', '座椅骨架', factory);
  await q.answer('是否有产品线', '是');
  const line = q.step.getByRole('table', { name: q.t('产品线') }).locator('tr[data-row="0"]');
  await fillRow(line, ['骨架焊接线', '', '苏州工厂', '100000', '80%', '30%', '99%', '一汽大众、上汽通用', '']);
}

/** 0 km PPM and one IPTV group (3, 6, 9 MIS) with the warranty on its first row; market PPM left empty. */
export async function fillQualityTargets(q: Questionnaire): Promise<void> {
  const numbers = ['0', '50', '20', '5', '30'];
  await fillRow(q.step.getByRole('table', { name: q.t('0公里PPM') }).locator('tr[data-row="0"]'), ['座椅骨架', ...numbers]);
  const iptv = q.step.getByRole('table', { name: 'IPTV' });
  await fillRow(iptv.locator('tr[data-row="0"]'), ['座椅骨架', '3', '10', ...numbers]);
  await fillRow(iptv.locator('tr[data-row="1"]'), numbers);
  await fillRow(iptv.locator('tr[data-row="2"]'), numbers);
}

/** Manpower, one device of each kind, every capability answered, one example file. */
export async function fillOtherCapability(q: Questionnaire): Promise<void> {
  const people: [string, string][] = [
    ['直接人员', '500'],
    ['间接人员', '100'],
    ['质量保证人员', '20'],
    ['质量控制人员', '30'],
    ['生产制造人员', '400'],
    ['研发人员', '40'],
    ['项目管理人员', '10'],
  ];
  for (const [label, n] of people) await q.fill(label, n);
  await fillRow(q.step.getByRole('table', { name: q.t('生产设备') }).locator('tr[data-row="0"]'), ['焊接', '机器人焊接', 'ABB', 'IRB 6700', '4', '2020-05-01', '80%', '']);
  await fillRow(q.step.getByRole('table', { name: q.t('失效分析设备') }).locator('tr[data-row="0"]'), ['金相分析', 'Zeiss', 'Axio', '1', '2019-03-01', '50%', '']);
  for (const table of ['模具能力', 'IT能力']) {
    const rows = q.step.getByRole('table', { name: q.t(table) }).locator('tbody tr[data-row]');
    await rows.first().waitFor();
    const count = await rows.count();
    for (let i = 0; i < count; i++) await rows.nth(i).getByRole('radio', { name: q.t(i % 2 === 0 ? '是' : '否'), exact: true }).check();
  }
  const examples = q.step.getByRole('table', { name: q.t('示例文件') });
  await q.step.getByRole('button', { name: q.t('添加示例文件') }).click();
  const row = examples.locator('tr[data-row="0"]');
  await row.getByRole('combobox', { name: q.t('示例类型') }).click();
  await q.page.getByRole('option').first().click();
  await q.upload(row, FILES.pdf('ppap-sample.pdf'));
}

/** The structure block with one development step; the electronics block left empty (nothing is required). */
export async function fillDevelopment(q: Questionnaire): Promise<void> {
  const structure = q.step.getByRole('group', { name: q.t('结构类产品开发能力') });
  await q.fill('开发软件', 'CATIA', structure);
  await q.fill('开发设备', '三坐标测量仪', structure);
  await q.fill('产品开发地点', '苏州', structure);
  await fillRow(structure.getByRole('table', { name: q.t('开发流程') }).locator('tr[data-row="0"]'), ['概念设计', '结构方案与CAE分析', '4周', 'CAE']);
}

/** A remark on the first item of each list (remarks are optional). */
export async function fillSecurityDelivery(q: Questionnaire): Promise<void> {
  for (const table of ['信息安全', '交付与物流']) {
    const row = q.step.getByRole('table', { name: q.t(table) }).locator('tr[data-row="0"]');
    await row.waitFor();
    await q.fill('备注', table === '信息安全' ? '已通过ISO27001认证' : '支持JIT供货', row);
  }
}
