import { PlusOutlined } from '@ant-design/icons';
import { ENTITIES, isRelationRef, normalizedKey, permissionOf, type RelationRef } from '@ebox/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Form, Select } from 'antd';
import { type CSSProperties, Suspense, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/current-user';
import { AUTOCOMPLETE_LIMIT, AUTOCOMPLETE_MAX, autocomplete, autocompletePathOf } from '../entity-api';
import { displayLabel, hasTranslatedLabels } from '../entity-labels';
import { hasKitCreateForm, useEntityPages } from '../entity-pages';
import { RelatedCreateContext } from './related-create';
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
  /** Narrows the choices (`filter[company]=<id>` of a unit picker). */
  filter?: Record<string, string>;
  /** Offer creating a related record in a dialog (forms, not filters), when the user may. */
  allowCreate?: boolean;
  /** The picker's name where no form label points at it (one of several pickers of one field). */
  ariaLabel?: string;
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
  filter,
  allowCreate,
  ariaLabel,
}: RelationSelectProps) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const entityPages = useEntityPages();
  const RelatedCreateModal = useContext(RelatedCreateContext);
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const targetEntity = ENTITIES[target];
  const creatable = Boolean(
    RelatedCreateModal &&
      allowCreate &&
      !disabled &&
      !path &&
      targetEntity &&
      hasKitCreateForm(targetEntity, entityPages) &&
      can(permissionOf(targetEntity, 'Create')),
  );
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search);
  const endpoint = path ?? autocompletePathOf(target, ENTITIES);
  const translated = hasTranslatedLabels(target);
  const results = useQuery({
    queryKey: ['autocomplete', endpoint, query, filter],
    queryFn: () => autocomplete(endpoint, query, AUTOCOMPLETE_LIMIT, filter),
    enabled: open,
    staleTime: 30_000,
  });
  // The server searches stored labels ('customerViewer'); what the user reads and types is the
  // translation ('Leitor de clientes'), so those are matched here against the first records.
  const firstRecords = useQuery({
    queryKey: ['autocomplete', endpoint, '', AUTOCOMPLETE_MAX, filter],
    queryFn: () => autocomplete(endpoint, '', AUTOCOMPLETE_MAX, filter),
    enabled: open && translated,
    staleTime: 30_000,
  });

  const selected = toArray(value);
  const options = useMemo(() => {
    const labelOf = (ref: RelationRef) => displayLabel(t, target, ref.label);
    const term = normalizedKey(query);
    const found = translated
      ? [...(results.data ?? []), ...(firstRecords.data ?? []).filter((ref) => normalizedKey(labelOf(ref)).includes(term))]
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

  const select = (ref: RelationRef) => onChange?.(multiple ? [...selected, ref] : ref);

  return (
    <>
      <Select<Labeled | Labeled[]>
        id={id}
        aria-label={ariaLabel}
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
        open={open}
        // Whether the list shown answers what was typed: the debounced search and whether it is
        // still being asked. Tests pick an option only once it does (a list swapped between a
        // press and its release chose nothing).
        data-relation-query={query}
        data-relation-settled={String(query === search && !results.isFetching && !firstRecords.isFetching)}
        popupRender={
          creatable
            ? (menu) => (
                <>
                  {menu}
                  <Divider style={{ margin: '4px 0' }} />
                  <Button
                    type="link"
                    icon={<PlusOutlined />}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => {
                      setOpen(false);
                      setCreating(true);
                    }}
                    data-testid={`create-related-${target}`}
                  >
                    {t('kit.forms.createRelated')}
                  </Button>
                </>
              )
            : undefined
        }
      />
      {creating && targetEntity && RelatedCreateModal && (
        <Suspense fallback={null}>
          <RelatedCreateModal entity={targetEntity} onClose={() => setCreating(false)} onCreated={select} />
        </Suspense>
      )}
    </>
  );
}

/**
 * A relation field narrowed by another field of the same form (`filterBy` of its declaration): the
 * choices follow that field's record, and a choice made for another record is emptied when it changes.
 */
export function FilteredRelationSelect({ filterBy, ...props }: RelationSelectProps & { filterBy: string }) {
  const form = Form.useFormInstance();
  // Re-renders on a change; the value itself is read from the form's store, because useWatch
  // answers undefined on the first render: an edited record's unit would be emptied as if its
  // company had just been chosen.
  Form.useWatch(filterBy, form);
  const parent: unknown = form.getFieldValue(filterBy);
  const parentId = isRelationRef(parent) ? parent.id : undefined;
  const previous = useRef(parentId);
  const { value, onChange } = props;
  useEffect(() => {
    if (previous.current === parentId) return;
    previous.current = parentId;
    if (toArray(value).length) onChange?.(props.multiple ? [] : null);
  }, [parentId, value, onChange, props.multiple]);
  return <RelationSelect {...props} filter={parentId ? { [filterBy]: parentId } : undefined} />;
}
