import { z } from 'zod';
import { requiredText } from '../fields.ts';

/**
 * The VDA 6.3 process audit's catalogue (req flow §10.1): process elements P2–P7 and their questions, numbered as the
 * edition numbers them, with our own short texts in zh and en. It is reference data kept in versions (table
 * vda_catalogue): staff with the scenario configuration permission revise the texts and which questions are starred
 * as a new version; an audit keeps the version it opened with. The structure (elements, question ids, P6's
 * sub-elements) is the edition's and does not change in a revision.
 */

export const VDA_ELEMENTS = ['P2', 'P3', 'P4', 'P5', 'P6', 'P7'] as const;
export type VdaElement = (typeof VDA_ELEMENTS)[number];
/** P6's sub-elements: process input, work content, personnel, material resources, effectiveness, process output. */
export const VDA_SUB_ELEMENTS = ['U1', 'U2', 'U3', 'U4', 'U5', 'U6'] as const;
export type VdaSubElement = (typeof VDA_SUB_ELEMENTS)[number];
/** Elements whose questions are evaluated once per process step of the audit. */
export const PER_STEP_ELEMENTS: readonly VdaElement[] = ['P6'];

export interface VdaText {
  zh: string;
  en: string;
}
export interface VdaQuestion extends VdaText {
  id: string;
  starred: boolean;
}
export interface VdaElementEntry extends VdaText {
  code: VdaElement;
  questions: VdaQuestion[];
}

export const ELEMENT_NAMES: Record<VdaElement, VdaText> = {
  P2: { zh: '项目管理', en: 'Project management' },
  P3: { zh: '产品与过程开发的策划', en: 'Planning product and process development' },
  P4: { zh: '产品与过程开发的实现', en: 'Implementing product and process development' },
  P5: { zh: '供方管理', en: 'Supplier management' },
  P6: { zh: '生产过程分析', en: 'Process analysis: production' },
  P7: { zh: '顾客关怀、顾客满意与服务', en: 'Customer care, satisfaction and service' },
};

export const SUB_ELEMENT_NAMES: Record<VdaSubElement, VdaText> = {
  U1: { zh: '过程输入', en: 'Process input' },
  U2: { zh: '工作内容与过程流程', en: 'Work content and process flow' },
  U3: { zh: '人员支持', en: 'Personnel support' },
  U4: { zh: '物质资源', en: 'Material resources' },
  U5: { zh: '过程有效性', en: 'Process effectiveness' },
  U6: { zh: '过程输出', en: 'Process output' },
};

/** The sub-element of a P6 question (6.1.x → U1 … 6.6.x → U6); none for other elements. */
export function subElementOf(questionId: string): VdaSubElement | undefined {
  const m = /^P6\.(\d)\./.exec(questionId);
  return m ? VDA_SUB_ELEMENTS[Number(m[1]) - 1] : undefined;
}

export const elementOf = (questionId: string): VdaElement => questionId.split('.')[0] as VdaElement;

const q = (id: string, zh: string, en: string, starred = false): VdaQuestion => ({ id, zh, en, starred });

/** The first version of the catalogue (2023 edition's numbering), loaded by the migration that made the table. */
export const FIRST_CATALOGUE: VdaElementEntry[] = [
  {
    code: 'P2',
    ...ELEMENT_NAMES.P2,
    questions: [
      q('P2.1', '项目管理及项目组织已建立', 'Project management with a project organisation is in place'),
      q('P2.2', '项目所需资源已规划并到位', 'The resources the project needs are planned and available', true),
      q('P2.3', '项目计划已制定并与顾客协调一致', 'A project plan exists and is agreed with the customer'),
      q('P2.4', '先期质量策划已实施并受监控', 'Advanced quality planning is carried out and monitored'),
      q('P2.5', '供方选择与采购按项目计划进行', 'Supplier selection and procurement follow the project plan'),
      q('P2.6', '项目中的变更得到管理', 'Changes within the project are managed', true),
      q('P2.7', '升级流程已建立并有效实施', 'An escalation process is in place and works'),
    ],
  },
  {
    code: 'P3',
    ...ELEMENT_NAMES.P3,
    questions: [
      q('P3.1', '产品与过程的要求已明确', 'The product and process requirements are determined'),
      q('P3.2', '基于要求全面评估了可行性', 'Feasibility is assessed in full against the requirements', true),
      q('P3.3', '产品与过程开发活动已详细策划', 'Product and process development activities are planned in detail'),
      q('P3.4', '顾客关怀与支持及风险已策划', 'Customer care, support and risks are planned', true),
      q('P3.5', '开发所需资源已考虑', 'The resources for development are taken into account'),
    ],
  },
  {
    code: 'P4',
    ...ELEMENT_NAMES.P4,
    questions: [
      q('P4.1', '开发计划中的事项已落实', 'The items of the development plan are implemented', true),
      q('P4.2', '人力资源到位且具备资格', 'Personnel are available and qualified'),
      q('P4.3', '物质资源到位且适用', 'Material resources are available and suitable'),
      q('P4.4', '开发阶段所需的认可已获得', 'The approvals the development phase needs are obtained', true),
      q('P4.5', '生产与检验文件已编制并使用', 'Production and inspection documents are prepared and used'),
      q('P4.6', '在批量条件下验证了生产能力', 'A performance test under series conditions has been run'),
      q('P4.7', '向批量生产的移交已完成', 'The handover to series production is complete'),
    ],
  },
  {
    code: 'P5',
    ...ELEMENT_NAMES.P5,
    questions: [
      q('P5.1', '只选用经批准且具备能力的供方', 'Only approved, capable suppliers are used'),
      q('P5.2', '顾客要求在供应链中得到传递', 'Customer requirements are passed down the supply chain'),
      q('P5.3', '与供方约定并落实了交付绩效目标', 'Delivery performance targets are agreed with suppliers and met'),
      q('P5.4', '采购的产品与服务已获得必要的批准', 'Purchased products and services have the approvals they need', true),
      q('P5.5', '采购产品的质量符合约定', 'Purchased products meet the agreed quality', true),
      q('P5.6', '来料按要求接收与储存', 'Incoming goods are received and stored as required'),
      q('P5.7', '人员具备相应资格', 'Personnel are qualified for their tasks'),
    ],
  },
  {
    code: 'P6',
    ...ELEMENT_NAMES.P6,
    questions: [
      q('P6.1.1', '开发向批量生产的移交已完成', 'The handover from development to series production is complete', true),
      q('P6.1.2', '来料按约定的数量和质量及时到位', 'Incoming material arrives on time in the agreed quantity and quality'),
      q('P6.1.3', '来料按要求储存', 'Incoming material is stored as required'),
      q('P6.1.4', '标识与追溯已落实', 'Identification and traceability are in place'),
      q('P6.1.5', '批量生产中产品与过程的变更得到追溯和记录', 'Changes to product or process in series are traced and recorded', true),
      q('P6.2.1', '控制计划完整并得到执行', 'The control plan is complete and applied'),
      q('P6.2.2', '生产的开工与重新开工经过放行', 'Production starts and restarts are released'),
      q('P6.2.3', '特殊特性在生产中受控', 'Special characteristics are controlled in production', true),
      q('P6.2.4', '不合格品与可疑品被隔离', 'Nonconforming and suspect parts are segregated', true),
      q('P6.2.5', '物料与零件在流转中不会混淆', 'Materials and parts cannot be mixed up in the flow'),
      q('P6.3.1', '员工能胜任其工作', 'Staff are capable of their work'),
      q('P6.3.2', '员工清楚其职责与权限', 'Staff know their duties and authority'),
      q('P6.3.3', '人员配置充足', 'Staffing is sufficient'),
      q('P6.4.1', '设备维护与工装管理有效', 'Equipment maintenance and tooling management work', true),
      q('P6.4.2', '测量设备能有效监控质量要求', 'Measuring equipment monitors the quality requirements'),
      q('P6.4.3', '工作与检验工位满足要求', 'Work and inspection stations meet the requirements', true),
      q('P6.4.4', '工具、工装与检具存放得当', 'Tools, fixtures and gauges are stored properly'),
      q('P6.4.5', '设备与工装能力满足要求', 'Equipment and tooling are capable'),
      q('P6.5.1', '为生产过程设定了目标', 'Targets are set for the process'),
      q('P6.5.2', '质量与过程数据得到收集和评价', 'Quality and process data are collected and evaluated'),
      q('P6.5.3', '偏离目标时分析原因并纠正', 'Deviations from the targets are analysed and corrected', true),
      q('P6.5.4', '定期开展过程与产品审核', 'Process and product audits are carried out regularly'),
      q('P6.6.1', '产量与批量满足需求', 'Quantities and lot sizes match demand'),
      q('P6.6.2', '产品按要求储存和包装', 'Products are stored and packed as required'),
      q('P6.6.3', '必要的记录与放行已完成', 'The required records and releases are complete'),
      q('P6.6.4', '交付的成品满足顾客要求', 'Delivered products meet the customer requirements', true),
    ],
  },
  {
    code: 'P7',
    ...ELEMENT_NAMES.P7,
    questions: [
      q('P7.1', '质量管理体系的要求得到满足', 'The quality management requirements are met'),
      q('P7.2', '顾客关怀得到保证', 'Customer care is ensured'),
      q('P7.3', '供货得到保证', 'Supply is ensured', true),
      q('P7.4', '投诉得到缺陷分析并有效纠正', 'Complaints get a failure analysis and effective correction', true),
      q('P7.5', '人员具备相应资格', 'Personnel are qualified for their tasks'),
    ],
  },
];

export const FIRST_CATALOGUE_EDITION = 'VDA 6.3:2023';

/** The question ids of a catalogue, in order. */
export const questionIds = (elements: readonly VdaElementEntry[]): string[] => elements.flatMap((e) => e.questions.map((x) => x.id));

export const QUESTION_TEXT_MAX = 200;

/** POST /v1/vda-catalogue/revise: the texts and stars of every question; the ids must be the catalogue's. */
export const catalogueReviseRequest = z.object({
  questions: z
    .array(
      z.object({
        id: z.string().trim().max(16, 'invalidValue'),
        zh: requiredText(QUESTION_TEXT_MAX),
        en: requiredText(QUESTION_TEXT_MAX),
        starred: z.boolean({ error: 'invalidValue' }),
      }),
    )
    .max(200),
});
export type CatalogueReviseRequest = z.infer<typeof catalogueReviseRequest>;

export const vdaCatalogue = z.object({
  version: z.number(),
  edition: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  elements: z.array(
    z.object({
      code: z.enum(VDA_ELEMENTS),
      zh: z.string(),
      en: z.string(),
      questions: z.array(z.object({ id: z.string(), zh: z.string(), en: z.string(), starred: z.boolean() })),
    }),
  ),
  /** This user may revise it. */
  mayRevise: z.boolean(),
});
export type VdaCatalogue = z.infer<typeof vdaCatalogue>;

/** The question ids a revision must carry, once each, and no other: by field, as message ids. */
export function revisionIssues(current: readonly VdaElementEntry[], questions: CatalogueReviseRequest['questions']): Record<string, string> {
  const expected = questionIds(current);
  const issues: Record<string, string> = {};
  const seen = new Set<string>();
  questions.forEach((x, i) => {
    if (!expected.includes(x.id) || seen.has(x.id)) issues[`questions.${i}.id`] = 'vdaQuestionUnknown';
    seen.add(x.id);
  });
  if (!Object.keys(issues).length && expected.some((id) => !seen.has(id))) issues.questions = 'vdaQuestionsIncomplete';
  return issues;
}
