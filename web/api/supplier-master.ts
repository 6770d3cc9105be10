import { queryOptions } from '@tanstack/react-query';
import { SUPPLIER_MASTER } from '#domain/contracts/shell.ts';
import { call } from './call.ts';

/** The supplier master as the expand apply drawer reads it (req flow §7.1). */
const supplierMasterKeys = {
  all: ['supplier-master'] as const,
  search: (text: string) => [...supplierMasterKeys.all, 'search', text] as const,
  categories: (supplierNo: string, locale: string) => [...supplierMasterKeys.all, 'categories', supplierNo, locale] as const,
  contacts: (supplierCode: string) => [...supplierMasterKeys.all, 'contacts', supplierCode] as const,
};

export const supplierSearchQuery = (text: string) =>
  queryOptions({
    queryKey: supplierMasterKeys.search(text),
    queryFn: ({ signal }) => call(SUPPLIER_MASTER.search, { query: { supplier: text || undefined } }, { signal }),
    staleTime: 60_000,
  });

export const supplierCategoriesQuery = (supplierNo: string, locale: string) =>
  queryOptions({
    queryKey: supplierMasterKeys.categories(supplierNo, locale),
    queryFn: ({ signal }) => call(SUPPLIER_MASTER.categories, { query: { supplierNo } }, { signal }),
    enabled: Boolean(supplierNo),
  });

export const supplierContactsQuery = (supplierCode: string) =>
  queryOptions({
    queryKey: supplierMasterKeys.contacts(supplierCode),
    queryFn: ({ signal }) => call(SUPPLIER_MASTER.contacts, { body: { supplierCode } }, { signal }),
    enabled: Boolean(supplierCode),
  });
