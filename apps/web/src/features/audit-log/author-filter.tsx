import { auditActorText, SYSTEM_ACTOR_LABELS } from '@ebox/domain';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/current-user';
import { searchableText } from '../../kit/audit/audit-names';
import { AUTOCOMPLETE_LIMIT, autocomplete, autocompletePathOf } from '../../kit/entity-api';
import { useDebouncedValue } from '../../kit/fields/use-debounced-value';

const USERS = autocompletePathOf('user', {});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Option = { value: string; label: string };

/** A chosen value not among the options: a person until their name arrives, an actor, or typed text. */
function labelOfChosen(t: TFunction, value: string): string {
  if (UUID.test(value)) return value;
  if (/^(system|terminal):/.test(value)) return auditActorText(t, value);
  return t('auditLog.authorContaining', { text: value });
}

/**
 * The audit log's author filter (`filter[actorLabel]`): people picked by name or e-mail (the users'
 * autocomplete; the filter carries the person's id), the system's own actors by their words
 * ("Sistema: envio de mensagens"), and, for a reader who may not search users, what they typed
 * (part of an e-mail). A person chosen earlier (a reload, a saved filter) is named again by id.
 */
export function AuthorFilterSelect({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const mayFindUsers = can('iamAutocomplete') || can('iamUserAutocomplete');
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const users = useQuery({
    queryKey: ['autocomplete', USERS, query],
    queryFn: () => autocomplete(USERS, query, AUTOCOMPLETE_LIMIT),
    enabled: mayFindUsers,
    staleTime: 30_000,
  });
  const chosenPerson = value && UUID.test(value) ? value : '';
  const chosen = useQuery({
    // Its own key: with no person chosen, ['autocomplete', USERS, ''] is the unfiltered list of
    // people, which a disabled query would still answer from the cache.
    queryKey: ['autocomplete', USERS, 'chosen', chosenPerson],
    queryFn: () => autocomplete(USERS, chosenPerson, 1),
    enabled: mayFindUsers && Boolean(chosenPerson),
    staleTime: 30_000,
  });

  const options = useMemo(() => {
    const term = searchableText(search.trim());
    const systems: Option[] = SYSTEM_ACTOR_LABELS.map((label) => ({ value: label, label: auditActorText(t, label) }));
    const people: Option[] = [...(users.data ?? []), ...((chosenPerson && chosen.data) || [])].map((user) => ({
      value: user.id,
      label: user.label,
    }));
    const list: Option[] = [];
    const seen = new Set<string>();
    for (const option of [...people, ...systems.filter((system) => searchableText(system.label).includes(term))]) {
      if (seen.has(option.value)) continue;
      seen.add(option.value);
      list.push(option);
    }
    const typed = search.trim();
    if (typed && !mayFindUsers) list.push({ value: typed, label: t('auditLog.authorContaining', { text: typed }) });
    if (value && !seen.has(value) && value !== typed) list.push({ value, label: labelOfChosen(t, value) });
    return list;
  }, [users.data, chosen.data, chosenPerson, search, value, mayFindUsers, t]);

  return (
    <Select<string>
      id={id}
      allowClear
      value={value || undefined}
      placeholder={t('auditLog.authorPlaceholder')}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={users.isFetching}
      notFoundContent={t('kit.relation.noResults')}
      options={options}
      onChange={(next) => {
        onChange?.(next ?? null);
        setSearch('');
      }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
    />
  );
}
