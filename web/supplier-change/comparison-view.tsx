import { createContext, Fragment, useContext, type ReactNode } from 'react';
import { Anchor, Badge, Box, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { msg, t } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import {
  diffRecords,
  type AlignedRow,
  type Comparable,
  type DiffChange,
  type DiffSection,
  type FieldDiff,
  type SectionDiff,
} from '#domain/supplier-change/diff.ts';
import { BANK_TYPE } from '#domain/release/release-form.ts';
import { labelCodes, type CodeLabels } from '#domain/supplier-change/coded-fields.ts';
import { fieldsToShow, SECTION_TITLES, SHOWN_BY, type ComparisonField } from './comparison-fields.ts';
import classes from './comparison-view.module.css';

export interface ComparisonViewProps {
  before: Comparable;
  after: Comparable;
  /** The sections of the change's modify type, in the order of the form. */
  sections: readonly DiffSection[];
  /** Opens a stored file (the comparison may be shown without login: the caller knows how). */
  fileHref?: (url: string) => string;
  /** The two sides' headings, when they are not a change's snapshot and new version. */
  sideTitles?: readonly [ReactNode, ReactNode];
  /** Only the new version, every field shown unmarked: a record read as it is, in the comparison's layout. */
  single?: boolean;
  /** The labels of the codes the records hold, as the server sends them with the records. */
  labels?: CodeLabels;
}

const LabelsContext = createContext<CodeLabels | undefined>(undefined);

export const CHANGE_COLOR: Record<DiffChange, string> = {
  modified: 'orange',
  added: 'green',
  removed: 'red',
};

export function changeLabel(change: DiffChange): string {
  return { modified: t`修改`, added: t`新增`, removed: t`删除` }[change];
}

/** The change as a badge with its word, so it is not told by colour alone. */
export function ChangeBadge({ change }: { change: DiffChange }) {
  return (
    <Badge size="xs" variant="filled" color={CHANGE_COLOR[change]} data-change-badge={change}>
      {changeLabel(change)}
    </Badge>
  );
}

/**
 * The comparison (req change §2.1): the snapshot (before) on the left and the new version (after) on the
 * right, section by section as the modify type has them, every difference marked modified, added or
 * removed with colour and word. Each field and each row sits in one grid line spanning both sides, so
 * the two sides' tables and forms have equal heights by construction.
 */
export function ComparisonView({ labels, ...props }: ComparisonViewProps) {
  return (
    <LabelsContext.Provider value={labels}>
      <Comparison {...props} />
    </LabelsContext.Provider>
  );
}

function Comparison({ before, after, sections, fileHref, sideTitles, single = false }: Omit<ComparisonViewProps, 'labels'>) {
  const diff = diffRecords(single ? after : before, after, sections);
  if (single) {
    return (
      <Stack gap="lg" data-testid="comparison" data-single>
        {diff.sections.map((section) => (
          <SectionView key={section.section} section={section} fileHref={fileHref} single />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="lg" data-testid="comparison" data-diff-count={diff.count}>
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>共 {diff.count} 处变更</Trans>
        </Text>
        <Group gap={6}>
          {(['modified', 'added', 'removed'] as const).map((c) => (
            <ChangeBadge key={c} change={c} />
          ))}
        </Group>
      </Group>
      <Box className={classes.sides} aria-hidden>
        <Title order={5}>{sideTitles ? sideTitles[0] : <Trans>变更前（快照）</Trans>}</Title>
        <Title order={5}>{sideTitles ? sideTitles[1] : <Trans>变更后（新版本）</Trans>}</Title>
      </Box>
      {diff.sections.map((section) => (
        <SectionView key={section.section} section={section} fileHref={fileHref} />
      ))}
    </Stack>
  );
}

function SectionView({ section, fileHref, single }: { section: SectionDiff; fileHref?: (url: string) => string; single?: boolean }) {
  const { i18n } = useLingui();
  const changed = section.kind === 'object' ? section.fields.length : section.rows.filter((r) => r.change).length;
  return (
    <Stack gap="xs" data-testid={`diff-section-${section.section}`} data-changed={changed || undefined}>
      <Divider
        labelPosition="left"
        label={
          <Group gap="xs">
            <Title order={5}>{i18n._(SECTION_TITLES[section.section])}</Title>
            {changed > 0 && (
              <Text size="xs" c="dimmed">
                <Trans>{changed} 处变更</Trans>
              </Text>
            )}
          </Group>
        }
      />
      {section.kind === 'object' ? (
        <Paper withBorder p="sm">
          <FieldLines section={section.section} before={section.before} after={section.after} fields={section.fields} fileHref={fileHref} single={single} />
        </Paper>
      ) : section.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>暂无数据</Trans>
        </Text>
      ) : (
        section.rows.map((row, i) => <RowView key={row.rowId ?? `i${i}`} section={section.section} row={row} index={i} fileHref={fileHref} single={single} />)
      )}
    </Stack>
  );
}

function RowView({
  section,
  row,
  index,
  fileHref,
  single,
}: {
  section: DiffSection;
  row: AlignedRow;
  index: number;
  fileHref?: (url: string) => string;
  single?: boolean;
}) {
  return (
    <Paper
      withBorder
      p="sm"
      style={
        row.change
          ? {
              borderLeft: `4px solid var(--mantine-color-${CHANGE_COLOR[row.change]}-6)`,
            }
          : undefined
      }
      data-testid="diff-row"
      data-change={row.change ?? 'unchanged'}
      data-row-id={row.rowId ?? undefined}
    >
      <Group gap="xs" mb={6}>
        <Text size="sm" fw={600}>
          #{index + 1}
        </Text>
        {row.change && <ChangeBadge change={row.change} />}
      </Group>
      <FieldLines
        section={section}
        before={row.before}
        after={row.after}
        fields={row.fields}
        fileHref={fileHref}
        wholeRow={row.change === 'added' || row.change === 'removed' ? row.change : null}
        single={single}
      />
    </Paper>
  );
}

interface FieldLinesProps {
  section: DiffSection;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  fields: readonly FieldDiff[];
  /** A row present on one side only: all its fields carry that change. */
  wholeRow?: DiffChange | null;
  fileHref?: (url: string) => string;
  /** The new version's cells only. */
  single?: boolean;
}

/** One grid line per field: label and value of the snapshot left, of the new version right. */
function FieldLines({ section, before, after, fields, wholeRow, fileHref, single }: FieldLinesProps) {
  const { i18n } = useLingui();
  const changeOf = (key: string): DiffChange | null => {
    if (wholeRow) return wholeRow;
    const own = fields.find((f) => f.field === key)?.change;
    if (own) return own;
    // A changed code or file URL shows on the name it is displayed by.
    return fields.some((f) => SHOWN_BY[f.field] === key) ? 'modified' : null;
  };
  const shown = fieldsToShow(
    section,
    [before, after],
    fields.map((f) => f.field),
  );
  return (
    <Box className={single ? classes.single : classes.sides} role="table" aria-label={i18n._(SECTION_TITLES[section])}>
      {shown.map((field) => {
        const change = changeOf(field.key);
        return (
          <Fragment key={field.key}>
            {!single && <Cell side="before" section={section} field={field} row={before} change={change} fileHref={fileHref} />}
            <Cell side="after" section={section} field={field} row={after} change={change} fileHref={fileHref} />
          </Fragment>
        );
      })}
    </Box>
  );
}

function Cell({
  side,
  section,
  field,
  row,
  change,
  fileHref,
}: {
  side: 'before' | 'after';
  section: DiffSection;
  field: ComparisonField;
  row: Record<string, unknown> | null;
  change: DiffChange | null;
  fileHref?: (url: string) => string;
}) {
  const { i18n } = useLingui();
  const labels = useContext(LabelsContext);
  // The side where the change is visible carries the mark: a removal on the left, anything else on the right.
  const marked = change !== null && (change === 'removed' ? side === 'before' : side === 'after');
  return (
    <Box
      className={`${classes.cell} ${marked ? classes[change] : ''}`}
      data-testid={`diff-field-${field.key}`}
      data-side={side}
      data-change={marked ? change : undefined}
      role="cell"
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Text size="xs" c="dimmed" className={classes.label}>
          {i18n._(field.label)}
        </Text>
        <Text size="sm" className={classes.value} component="div">
          {row === null ? '—' : display(field, { ...row, [field.key]: labelCodes(section, field.key, row[field.key], labels) }, i18n, fileHref)}
        </Text>
        {marked && <ChangeBadge change={change} />}
      </Group>
    </Box>
  );
}

/** Coordinates with 2 decimals (req change §5.2); yes/no and bank type in words; codes by their labels (set by Cell); lists joined. */
function display(field: ComparisonField, row: Record<string, unknown>, i18n: I18n, fileHref?: (url: string) => string): ReactNode {
  const v = row[field.key];
  if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) return '-';
  switch (field.format) {
    case 'yesNo':
      return Number(v) === 1 || v === true ? i18n._(msgYes) : i18n._(msgNo);
    case 'bankType':
      return String(v) === BANK_TYPE.EU ? i18n._(msgEu) : i18n._(msgNonEu);
    case 'coordinate': {
      const n = Number(v);
      return Number.isFinite(n) ? n.toFixed(2) : String(v);
    }
    case 'file': {
      const url = field.urlKey ? row[field.urlKey] : undefined;
      return typeof url === 'string' && url && fileHref ? (
        <Anchor href={fileHref(url)} target="_blank" rel="noreferrer" size="sm">
          {String(v)}
        </Anchor>
      ) : (
        String(v)
      );
    }
    default:
      return Array.isArray(v)
        ? v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ')
        : typeof v === 'object'
          ? JSON.stringify(v)
          : String(v);
  }
}

const msgYes = msg`是`;
const msgNo = msg`否`;
const msgEu = msg`欧盟`;
const msgNonEu = msg`非欧盟`;
