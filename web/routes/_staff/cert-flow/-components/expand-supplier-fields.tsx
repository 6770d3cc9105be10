import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { t } from '@lingui/core/macro';
import { Select } from '@mantine/core';
import type { SupplierContact, SupplierOption } from '#domain/supplier-master.ts';
import { supplierContactsQuery, supplierSearchQuery } from '#web/api/supplier-master.ts';

/** An accepted supplier chosen by searching its name or code (req flow §2.2, expand mode). */
export function SupplierSelect(props: {
  value: SupplierOption | null;
  onChange: (value: SupplierOption | null) => void;
  error?: React.ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search, 500);
  const found = useQuery(supplierSearchQuery(text));
  const options = [...(props.value ? [props.value] : []), ...(found.data ?? []).filter((s) => s.supplierNo !== props.value?.supplierNo)];
  return (
    <Select
      label={t`供应商`}
      withAsterisk
      placeholder={t`输入供应商名称或编码搜索`}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched name or code; the select must not filter its answer again.
      filter={({ options: all }) => all}
      data={options.map((s) => ({ value: s.supplierNo, label: `${s.supplierCode} ${s.supplierName}` }))}
      value={props.value?.supplierNo ?? null}
      onChange={(no) => props.onChange(options.find((s) => s.supplierNo === no) ?? null)}
      nothingFoundMessage={found.isFetching ? t`加载中…` : t`无匹配供应商`}
      error={props.error}
    />
  );
}

/** One of the chosen supplier's contacts; choosing one fills name, e-mail and phone. */
export function ContactSelect(props: {
  supplierCode: string | undefined;
  /** The chosen contact's id. */
  value: string | null;
  onChange: (value: SupplierContact | null) => void;
  error?: React.ReactNode;
}) {
  const contacts = useQuery(supplierContactsQuery(props.supplierCode ?? ''));
  const list = contacts.data ?? [];
  return (
    <Select
      label={t`联系人姓名`}
      withAsterisk
      placeholder={props.supplierCode ? t`请选择联系人` : t`请先选择供应商`}
      disabled={!props.supplierCode}
      searchable
      data={list.map((c) => ({ value: c.id, label: c.position ? `${c.name} (${c.position})` : c.name }))}
      value={props.value}
      onChange={(id) => props.onChange(list.find((c) => c.id === id) ?? null)}
      nothingFoundMessage={t`该供应商暂无联系人`}
      error={props.error}
    />
  );
}
