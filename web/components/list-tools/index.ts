/**
 * List tools of the staff shell (req shell §2.6, §4, §9). To give a list the query form, the column
 * chooser and the loading indicator:
 *
 * 1. Add the list to `LIST_COLUMNS` in `domain/shell/list-preference.ts`: a list key, the route key that
 *    opens it, its column keys in display order and the `fixed` ones that identify a row. The server
 *    then accepts and stores choices for it (`SHELL.listPreference`, domain/contracts/shell.ts); nothing else server-side.
 * 2. In the page, declare the columns once and let the hook filter them by the choice:
 *      const cols: ListColumn<'my-list', Row>[] = [{ key: 'name', title: t`名称`, cell: (r) => r.name }, …];
 *      const list = useListTable('my-list', cols, { query: pageQuery, paging: search, onPaging: go });
 *    (an operations column stays outside the chooser).
 * 3. Keep the filters' draft with `useListQueryForm(filters, apply)` (`apply` navigates to the route with the
 *    filters, page 1 and the page size) and wrap the fields in
 *    `<QueryForm {...form.actions} items={[form.item('status', <OptionSelect label={…} options={STATUSES}
 *    optionLabel={statusLabel} {...form.choice('status')} />), …]} actions={list.chooser} />`
 *    (4 per row; the rest fold behind 展开).
 * 4. Render `<ListTable {...list.table} rowKey="no" actions={(r) => …} />`: headers, rows (each with
 *    `data-no`), the empty/loading/failed row, the loading indicator and the pager (page changes
 *    debounced 100 ms there).
 * 5. Optionally prefetch the choice in the route's loader: `context.queryClient.prefetchQuery(listPreferenceQuery('my-list'))`.
 */
export { QueryForm, type QueryItem } from './query-form.tsx';
export { useListQueryForm } from './use-list-query-form.ts';
export { OptionSelect } from './option-select.tsx';
export { useListColumns, useListTable } from './column-chooser.tsx';
export { ListLoading } from './list-loading.tsx';
export { ListTable } from './list-table.tsx';
export type { ListColumn } from './columns.ts';
