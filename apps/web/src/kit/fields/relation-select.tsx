import { ENTITIES, type RelationRef } from '@ebox/domain';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTOCOMPLETE_LIMIT, autocomplete, autocompletePathOf } from '../entity-api';
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
  const results = useQuery({
    queryKey: ['autocomplete', endpoint, query],
    queryFn: () => autocomplete(endpoint, query, AUTOCOMPLETE_LIMIT),
    enabled: open,
    staleTime: 30_000,
  });

  const selected = toArray(value);
  const options = useMemo(() => {
    const seen = new Set<string>();
    const list: Labeled[] = [];
    for (const item of [...(results.data ?? []), ...selected]) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      list.push({ value: item.id, label: item.label });
    }
    return list;
  }, [results.data, selected]);

  const toLabeled = (ref: RelationRef): Labeled => ({ value: ref.id, label: ref.label });
  const fromLabeled = (item: Labeled): RelationRef => ({ id: item.value, label: String(item.label) });

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
      loading={results.isFetching}
      notFoundContent={results.isFetching ? undefined : t('kit.relation.noResults')}
      options={options}
      value={multiple ? selected.map(toLabeled) : selected[0] ? toLabeled(selected[0]) : undefined}
      onChange={(next) => {
        if (Array.isArray(next)) onChange?.(next.map(fromLabeled));
        else onChange?.(next ? fromLabeled(next) : null);
        setSearch('');
      }}
    />
  );
}
