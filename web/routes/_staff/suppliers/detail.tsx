import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { searchParams, text } from '#web/components/search-params.ts';
import { SupplierPage } from './-components/supplier-page.tsx';

const search = searchParams({ supplierNo: text() });

/** An admitted supplier by its number: facts, categories, certificates; the server decides who may read it. */
export const Route = createFileRoute('/_staff/suppliers/detail')({
  validateSearch: search,
  staticData: { title: msg`供应商详情` },
  component: SupplierRoute,
});

function SupplierRoute() {
  return <SupplierPage supplierNo={Route.useSearch().supplierNo} />;
}
