import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { FACTORY_LOCATION_DICT, factoryTagText } from '#domain/shell/factory-location.ts';
import { dictQuery } from '#web/api/reference.ts';

/**
 * The factory tag (req shell §2.6): a factory location code shown as its workshop's name, from the
 * factory_location dictionary. Until the dictionary answers, and for a code it lacks, the code shows.
 */
export function FactoryTag({ code }: { code: string }) {
  const { t, i18n } = useLingui();
  const entries = useQuery(dictQuery(FACTORY_LOCATION_DICT, i18n.locale)).data ?? [];
  return (
    <Badge color="teal" variant="light" tt="none" title={t`工厂 ${code}`} data-testid="factory-tag" style={{ flexShrink: 0 }}>
      {factoryTagText(code, entries)}
    </Badge>
  );
}
