import { useQuery } from '@tanstack/react-query';
import { MultiSelect, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { FlowCategory } from '#domain/rfi/questionnaire-contract.ts';
import { CONTACT_ROWS, newContactRow, type RfiSectionValues } from '#domain/rfi/sections/index.ts';
import { flowCategoriesQuery } from '#web/api/rfi-questionnaire.ts';
import { type AnyForm, DictSelect, RowTable, type RowTableColumn } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { defineStep, type StepFormProps } from '../step-types.ts';
import { fillRows } from '../values.ts';

type ContactsValues = RfiSectionValues<'contacts'>;

/** At least one contact row to fill (req rfi §5: 1 to 10 rows; delete is disabled at one). */
function contactsValues(data: unknown): ContactsValues {
  const list = fillRows(newContactRow as () => Record<string, unknown>, (data as ContactsValues | null)?.contactList);
  return { contactList: (list.length ? list : [newContactRow()]) as ContactsValues['contactList'] };
}

/** Step 2: contact rows (req rfi §3 "Contact row", req rfi §5 "Contacts"). */
function ContactsForm({ form, readOnly, mode, id }: StepFormProps<'contacts'>) {
  // The small categories a contact answers for come from the application's categories.
  const categories = useQuery(flowCategoriesQuery(mode, id));
  return <ContactTable form={form} readOnly={readOnly} categories={categories.data} />;
}

type ContactColumn = 'name' | 'businessGroup' | 'position' | 'categoryCodeList' | 'contactAreaCode' | 'contactNumber' | 'email' | 'officeAddress';

/** Every column but the categories is required in the questionnaire (req rfi §5). */
const QUESTIONNAIRE_REQUIRED: readonly ContactColumn[] = ['name', 'businessGroup', 'position', 'contactAreaCode', 'contactNumber', 'email', 'officeAddress'];

export interface ContactTableProps {
  /** A form whose `contactList` holds contact rows (the questionnaire's step 2, the release form). */
  form: AnyForm;
  readOnly: boolean;
  /** The categories a contact may answer for. */
  categories: readonly FlowCategory[] | undefined;
  /** The columns marked required; the questionnaire's by default. */
  required?: readonly ContactColumn[];
}

/** The contact rows, 1 to 10 (delete is disabled at one). */
export function ContactTable({ form, readOnly, categories, required = QUESTIONNAIRE_REQUIRED }: ContactTableProps) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const categoryData = (categories ?? []).map((c) => ({ value: c.code, label: c.name }));
  const rows = (form.getValues() as { contactList?: { categoryCodeList?: string[] | null }[] }).contactList ?? [];
  const column = (key: ContactColumn, title: string, width: number, render: RowTableColumn['render']): RowTableColumn => ({ key, title, width, required: required.includes(key), render });

  const columns: RowTableColumn[] = [
    column('name', t`姓名`, 120, (_, p) => <TextInput aria-label={t`姓名`} {...field(`${p}.name`)} />),
    column('businessGroup', t`所属部门`, 120, (_, p) => <TextInput aria-label={t`所属部门`} {...field(`${p}.businessGroup`)} />),
    column('position', t`职位`, 150, (_, p) => <DictSelect dictType="position" aria-label={t`职位`} {...field(`${p}.position`)} />),
    column('categoryCodeList', t`负责品类`, 200, (i, p) => {
      const chosen = rows[i]?.categoryCodeList ?? [];
      // Codes no longer offered still show, so nothing stored disappears from view.
      const data = [...categoryData, ...chosen.filter((c) => !categoryData.some((d) => d.value === c)).map((c) => ({ value: c, label: c }))];
      return <MultiSelect aria-label={t`负责品类`} data={data} searchable {...field(`${p}.categoryCodeList`)} />;
    }),
    column('contactAreaCode', t`区号`, 170, (_, p) => (
      <DictSelect dictType="world_area_code" aria-label={t`区号`} searchable clearable={false} {...field(`${p}.contactAreaCode`)} />
    )),
    column('contactNumber', t`联系电话`, 150, (_, p) => <TextInput aria-label={t`联系电话`} inputMode="numeric" {...field(`${p}.contactNumber`)} />),
    column('email', t`邮箱`, 200, (_, p) => <TextInput aria-label={t`邮箱`} type="email" {...field(`${p}.email`)} />),
    column('officeAddress', t`办公地址`, 200, (_, p) => <TextInput aria-label={t`办公地址`} {...field(`${p}.officeAddress`)} />),
  ];

  return (
    <RowTable
      form={form}
      path="contactList"
      columns={columns}
      newRow={newContactRow as () => Record<string, unknown>}
      min={CONTACT_ROWS.min}
      max={CONTACT_ROWS.max}
      readOnly={readOnly}
      numbered
      minWidth={1400}
      addLabel={t`添加联系人`}
      aria-label={t`联系人信息`}
      rowTestId="contact-row"
    />
  );
}

export const contactsStep = defineStep({ key: 'contacts', Form: ContactsForm, initialValues: contactsValues });
