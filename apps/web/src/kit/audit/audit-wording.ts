import type { AuditWording } from '@ebox/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { displayLabel } from '../entity-labels';

/** How the console words audit entries: the screens' own date format and label translations. */
export function useAuditWording(): AuditWording {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => ({
      t,
      language: i18n.language,
      formatDateTime: (iso: string) => formatDateTime(iso),
      displayLabel: (entityName: string, label: string) => displayLabel(t, entityName, label),
    }),
    [t, i18n.language],
  );
}
