import { AppstoreOutlined, FileSearchOutlined, SearchOutlined } from '@ant-design/icons';
import { ENTITIES, type EntityDeclaration, normalizedKey, permissionOf, type RelationRef } from '@ebox/domain';
import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Input, type InputRef, Modal, Spin, Typography, theme } from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { autocomplete, autocompletePathOf } from '../kit/entity-api';
import { displayLabel, entityLabel } from '../kit/entity-labels';
import { CLEARABLE } from '../kit/fields/clear-icon';
import { useDebouncedValue } from '../kit/fields/use-debounced-value';
import { screenPathsOf } from '../kit/screens';
import { useCurrentUser } from './current-user';
import { flattenMenu, menuFor } from './menu';
import { useFocusWhenOpen } from './motion';

/**
 * The command palette (Ctrl+K / Cmd+K, issue 8 item 12): finds the screens of the menu the user may
 * open and, from two letters on, records of every entity they may read through its autocomplete
 * call. Driven from the keyboard (arrows, Enter, Esc). Loaded only when first opened.
 */

type Item = { key: string; kind: 'screen' | 'record'; label: string; detail?: string; path: string };

const RECORDS_PER_ENTITY = 5;
const MIN_RECORD_QUERY = 2;

/** A searchable entity: its name for labels, its autocomplete call and where a record opens. */
type Source = { name: string; entity: Pick<EntityDeclaration, 'name' | 'path'>; endpoint: string; viewOf: (id: string) => string };

function useSources(): Source[] {
  const { can } = useCurrentUser();
  return useMemo(() => {
    const sources: Source[] = Object.values(ENTITIES)
      .filter((entity) => can(permissionOf(entity, 'Read')) && can(permissionOf(entity, 'Autocomplete')))
      .map((entity) => ({
        name: entity.name,
        entity,
        endpoint: autocompletePathOf(entity.name, ENTITIES),
        viewOf: (id) => screenPathsOf(entity).view(id),
      }));
    if (can('iamRead') && (can('iamAutocomplete') || can('iamUserAutocomplete'))) {
      sources.push({
        name: 'user',
        entity: { name: 'user', path: 'iam' },
        endpoint: autocompletePathOf('user', ENTITIES),
        viewOf: (id) => `/iam/${id}`,
      });
    }
    return sources;
  }, [can]);
}

export default function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const focusInput = useFocusWhenOpen<InputRef>();
  const query = useDebouncedValue(search.trim(), 250);
  const sources = useSources();
  const listRef = useRef<HTMLDivElement>(null);

  const screens = useMemo<Item[]>(() => {
    const term = normalizedKey(search);
    return flattenMenu(menuFor(can))
      .filter((entry) => entry.path)
      .map((entry) => ({ key: `screen:${entry.key}`, kind: 'screen' as const, label: t(entry.labelKey), path: entry.path as string }))
      .filter((item) => normalizedKey(item.label).includes(term));
  }, [can, search, t]);

  const records = useQuery({
    queryKey: ['command-palette', query, sources.map((source) => source.name)],
    enabled: open && query.length >= MIN_RECORD_QUERY,
    staleTime: 30_000,
    queryFn: async () => {
      // One failing entity (a permission changed meanwhile) must not hide the others' records.
      const answers = await Promise.allSettled(sources.map((source) => autocomplete(source.endpoint, query, RECORDS_PER_ENTITY)));
      return answers.flatMap((answer, index) => {
        const source = sources[index] as Source;
        return answer.status === 'fulfilled' ? answer.value.map((ref: RelationRef) => ({ source, ref })) : [];
      });
    },
  });

  const recordItems = useMemo<Item[]>(
    () =>
      (records.data ?? []).map(({ source, ref }) => ({
        key: `record:${source.name}:${ref.id}`,
        kind: 'record' as const,
        label: displayLabel(t, source.name, ref.label),
        detail: entityLabel(t, source.entity),
        path: source.viewOf(ref.id),
      })),
    [records.data, t],
  );

  const items = useMemo(() => [...screens, ...(query.length >= MIN_RECORD_QUERY ? recordItems : [])], [screens, recordItems, query]);

  useEffect(() => {
    if (!open) setSearch('');
  }, [open]);
  // Records arriving later may shorten the list under the highlighted row.
  const current = Math.min(active, Math.max(items.length - 1, 0));

  const move = (step: number) => {
    if (!items.length) return;
    const next = (current + step + items.length) % items.length;
    setActive(next);
    listRef.current?.querySelector(`#palette-${next}`)?.scrollIntoView({ block: 'nearest' });
  };

  const choose = (item: Item | undefined) => {
    if (!item) return;
    onClose();
    navigate(item.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(items[current]);
    }
  };

  const renderGroup = (title: string, group: Item[], offset: number) =>
    group.length > 0 && (
      <div>
        <Typography.Text type="secondary" style={{ display: 'block', padding: '8px 12px 4px', fontSize: 12 }}>
          {title}
        </Typography.Text>
        {group.map((item, index) => {
          const selected = offset + index === current;
          return (
            <div
              key={item.key}
              id={`palette-${offset + index}`}
              role="option"
              aria-selected={selected}
              tabIndex={-1}
              data-testid="palette-item"
              onMouseEnter={() => setActive(offset + index)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item)}
              onKeyDown={() => {}}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 10,
                padding: '8px 12px',
                borderRadius: token.borderRadius,
                cursor: 'pointer',
                background: selected ? token.controlItemBgActive : undefined,
              }}
            >
              {item.kind === 'screen' ? <AppstoreOutlined /> : <FileSearchOutlined />}
              <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{item.label}</span>
              {item.detail && <Typography.Text type="secondary">{item.detail}</Typography.Text>}
            </div>
          );
        })}
      </div>
    );

  const showRecords = query.length >= MIN_RECORD_QUERY;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('layout.palette.title')}
      width={640}
      destroyOnHidden
      afterOpenChange={focusInput.afterOpenChange}
      styles={{ body: { paddingTop: 8 } }}
      data-testid="command-palette"
    >
      <Input
        size="large"
        ref={focusInput.ref}
        autoFocus
        allowClear={CLEARABLE}
        prefix={<SearchOutlined />}
        placeholder={t('layout.palette.placeholder')}
        aria-label={t('layout.palette.title')}
        role="combobox"
        aria-expanded
        aria-controls="palette-results"
        aria-activedescendant={items.length ? `palette-${current}` : undefined}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        data-testid="palette-input"
      />
      <div
        id="palette-results"
        ref={listRef}
        role="listbox"
        aria-label={t('layout.palette.title')}
        style={{ maxHeight: '50vh', overflowY: 'auto', marginTop: 8 }}
      >
        {renderGroup(t('layout.palette.screens'), screens, 0)}
        {showRecords && renderGroup(t('layout.palette.records'), recordItems, screens.length)}
        {showRecords && records.isFetching && (
          <Flex align="center" gap={8} style={{ padding: '8px 12px' }}>
            <Spin size="small" />
            <Typography.Text type="secondary">{t('layout.palette.searching')}</Typography.Text>
          </Flex>
        )}
        {!items.length && !records.isFetching && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.palette.empty')} style={{ margin: '16px 0' }} />
        )}
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
        {showRecords ? t('layout.palette.hint') : t('layout.palette.typeMore')}
      </Typography.Text>
    </Modal>
  );
}
