import { ENTITIES, type RelationRef } from '@ebox/domain';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTOCOMPLETE_LIMIT, AUTOCOMPLETE_MAX, autocomplete, autocompletePathOf } from '../entity-api';
import { displayLabel, hasTranslatedLabels } from '../entity-labels';
import { useDebouncedValue } from './use-debounced-value';

type Labeled = { value: string; label: string };

export type RelationValue = RelationRef | RelationRef[] | null | undefined;

export type RelationSelectProps = {
  /** Related entity name ('user' for IAM users). */
  target: string;
  multiple?: boolean;
  value?: RelationValue;
  onChange?: (value: RelationRef | RelationRef[] | null) => void;
  id?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  /** Overrides the autocomplete endpoint (IAM's role list, for example). */
  path?: string;
};

/** Lower case without accents, so 'proprietario' finds 'Proprietário'. */
function normalized(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase()
    .trim();
}

function toArray(value: RelationValue): RelationRef[] {
  if (!value) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Autocomplete select of related records: asks GET /{path}/autocomplete?query&limit as the user
 * types and keeps {id, label} so the chosen labels show without another call; forms send ids only.
 */
export function RelationSelect({
  target,
  multiple,
  value,
  onChange,
  id,
  autoFocus,
  disabled,
  placeholder,
  style,
  path,
}: RelationSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search);
  const endpoint = path ?? autocompletePathOf(target, ENTITIES);
  const translated = hasTranslatedLabels(target);
  const results = useQuery({
    queryKey: ['autocomplete', endpoint, query],
    queryFn: () => autocomplete(endpoint, query, AUTOCOMPLETE_LIMIT),
    enabled: open,
    staleTime: 30_000,
  });
  // The server searches stored labels ('customerViewer'); what the user reads and types is the
  // translation ('Leitor de clientes'), so those are matched here against the first records.
  const firstRecords = useQuery({
    queryKey: ['autocomplete', endpoint, '', AUTOCOMPLETE_MAX],
    queryFn: () => autocomplete(endpoint, '', AUTOCOMPLETE_MAX),
    enabled: open && translated,
    staleTime: 30_000,
  });

  const selected = toArray(value);
  const options = useMemo(() => {
    const labelOf = (ref: RelationRef) => displayLabel(t, target, ref.label);
    const term = normalized(query);
    const found = translated
      ? [...(results.data ?? []), ...(firstRecords.data ?? []).filter((ref) => normalized(labelOf(ref)).includes(term))]
      : (results.data ?? []);
    const seen = new Set<string>();
    const list: (Labeled & { ref: RelationRef })[] = [];
    for (const item of [...found, ...selected]) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      list.push({ value: item.id, label: labelOf(item), ref: item });
    }
    // Translated labels no longer follow the server's order of stored labels.
    if (translated) list.sort((a, b) => a.label.localeCompare(b.label));
    return list;
  }, [results.data, firstRecords.data, selected, query, translated, t, target]);

  const toLabeled = (ref: RelationRef): Labeled => ({ value: ref.id, label: displayLabel(t, target, ref.label) });
  // The form keeps the stored label, so a language switch translates it again.
  const fromLabeled = (item: Labeled): RelationRef => ({
    id: item.value,
    label: options.find((option) => option.value === item.value)?.ref.label ?? String(item.label),
  });

  return (
    <Select<Labeled | Labeled[]>
      id={id}
      autoFocus={autoFocus}
      disabled={disabled}
      style={{ width: '100%', ...style }}
      mode={multiple ? 'multiple' : undefined}
      labelInValue
      allowClear
      placeholder={placeholder ?? t('kit.relation.placeholder')}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      loading={results.isFetching || firstRecords.isFetching}
      notFoundContent={results.isFetching || firstRecords.isFetching ? undefined : t('kit.relation.noResults')}
      options={options.map(({ value: optionValue, label }) => ({ value: optionValue, label }))}
      value={multiple ? selected.map(toLabeled) : selected[0] ? toLabeled(selected[0]) : undefined}
      onChange={(next) => {
        if (Array.isArray(next)) onChange?.(next.map(fromLabeled));
        else onChange?.(next ? fromLabeled(next) : null);
        setSearch('');
      }}
    />
  );
}
