import { useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Anchor, Box, Button, Group, Paper, SimpleGrid } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { hasToggle, opensExpanded, QUERY_FORM_LAYOUT, shownItems } from './query-form-layout.ts';

export interface QueryItem {
  key: string;
  /** The labelled input, bound to the page's draft of its filters. */
  field: ReactNode;
  /** Whether the applied filters hold a value here: a folded item with one opens the form expanded. */
  active?: boolean;
}

/**
 * The generic query form (req shell §2.6): the items 4 to a row, 查询 and 重置, and 展开/收起 when there
 * are more rows than the maximum (query-form-layout.ts). The page owns the draft: `onSearch` applies
 * it (Enter in a field does too), `onReset` clears draft and applied filters alike. `actions` sit on the
 * buttons' row at the left (a list's own buttons, the column chooser).
 */
export function QueryForm({ items, onSearch, onReset, actions }: { items: readonly QueryItem[]; onSearch: () => void; onReset: () => void; actions?: ReactNode }) {
  const [expanded, setExpanded] = useState(() => opensExpanded(items.map((i) => Boolean(i.active))));
  const shown = shownItems(items.length, expanded);
  return (
    <Paper withBorder p="md" data-testid="query-form">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSearch();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: QUERY_FORM_LAYOUT.perRow }}>
          {items.slice(0, shown).map((item) => (
            <Box key={item.key}>{item.field}</Box>
          ))}
        </SimpleGrid>
        <Group justify="space-between" mt="sm">
          <Group gap="xs">{actions}</Group>
          <Group gap="xs">
            <Button variant="default" onClick={onReset} data-testid="query-reset">
              <Trans>重置</Trans>
            </Button>
            <Button type="submit" data-testid="query-search">
              <Trans>查询</Trans>
            </Button>
            {hasToggle(items.length) && (
              <Anchor component="button" type="button" size="sm" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded} data-testid="query-toggle">
                <Group gap={2}>
                  {expanded ? <Trans>收起</Trans> : <Trans>展开</Trans>}
                  {expanded ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
                </Group>
              </Anchor>
            )}
          </Group>
        </Group>
      </form>
    </Paper>
  );
}
