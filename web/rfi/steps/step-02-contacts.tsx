import { useQuery } from '@tanstack/react-query';
import { MultiSelect, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { CONTACT_ROWS, newContactRow, type RfiSectionValues } from '#domain/rfi/sections/index.ts';
import { flowCategoriesQuery } from '#web/api/rfi-questionnaire.ts';
import { DictSelect, RowTable, type RowTableColumn } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { defineStep, type StepFormProps } from '../step-types.ts';
import { fillRows } from '../values.ts';

type ContactsValues = RfiSectionValues<'contacts'>;

/** At least one contact row to fill (spec 1 §5: 1 to 10 rows; delete is disabled at one). */
function contactsValues(data: unknown): ContactsValues {
  const list = fillRows(newContactRow as () => Record<string, unknown>, (data as ContactsValues | null)?.contactList);
  return { contactList: (list.length ? list : [newContactRow()]) as ContactsValues['contactList'] };
}

/** Step 2: contact rows (spec 1 §3 "Contact row", §5 "Contacts"). */
function ContactsForm({ form, readOnly, mode, id }: StepFormProps<'contacts'>) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  // The small categories a contact answers for come from the application's categories.
  const categories = useQuery(flowCategoriesQuery(mode, id));
  const categoryData = (categories.data ?? []).map((c) => ({ value: c.code, label: c.name }));

  const columns: RowTableColumn[] = [
    { key: 'name', title: t`姓名`, required: true, width: 120, render: (_, p) => <TextInput aria-label={t`姓名`} {...field(`${p}.name`)} /> },
    { key: 'businessGroup', title: t`所属部门`, required: true, width: 120, render: (_, p) => <TextInput aria-label={t`所属部门`} {...field(`${p}.businessGroup`)} /> },
    {
      key: 'position',
      title: t`职位`,
      required: true,
      width: 150,
      render: (_, p) => <DictSelect dictType="position" aria-label={t`职位`} {...field(`${p}.position`)} />,
    },
    {
      key: 'categoryCodeList',
      title: t`负责品类`,
      width: 200,
      render: (i, p) => {
        const chosen = form.getValues().contactList?.[i]?.categoryCodeList ?? [];
        // Codes no longer offered still show, so nothing stored disappears from view.
        const data = [...categoryData, ...chosen.filter((c) => !categoryData.some((d) => d.value === c)).map((c) => ({ value: c, label: c }))];
        return <MultiSelect aria-label={t`负责品类`} data={data} searchable {...field(`${p}.categoryCodeList`)} />;
      },
    },
    {
      key: 'contactAreaCode',
      title: t`区号`,
      required: true,
      width: 170,
      render: (_, p) => <DictSelect dictType="world_area_code" aria-label={t`区号`} searchable clearable={false} {...field(`${p}.contactAreaCode`)} />,
    },
    {
      key: 'contactNumber',
      title: t`联系电话`,
      required: true,
      width: 150,
      render: (_, p) => <TextInput aria-label={t`联系电话`} inputMode="numeric" {...field(`${p}.contactNumber`)} />,
    },
    { key: 'email', title: t`邮箱`, required: true, width: 200, render: (_, p) => <TextInput aria-label={t`邮箱`} type="email" {...field(`${p}.email`)} /> },
    {
      key: 'officeAddress',
      title: t`办公地址`,
      required: true,
      width: 200,
      render: (_, p) => <TextInput aria-label={t`办公地址`} {...field(`${p}.officeAddress`)} />,
    },
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
    />
  );
}

export const contactsStep = defineStep({ key: 'contacts', Form: ContactsForm, initialValues: contactsValues });
