import {
  DeleteOutlined,
  FilterOutlined,
  SaveOutlined,
  SortAscendingOutlined,
  SortDescendingOutlined,
  StarOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { Badge, Button, Checkbox, Divider, Dropdown, Flex, Popover, Select, Space, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedFilter } from './list-preferences';

const SaveFilterDialog = lazy(() => import('./save-filter-dialog'));

/** The toggle of a list's filter panel; the badge counts the filters in force, so a closed panel still says it filters. */
export function FilterToggle({ open, active, onToggle }: { open: boolean; active: number; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Badge count={active} size="small" offset={[-4, 4]}>
      <Button
        icon={<FilterOutlined />}
        type={open ? 'primary' : 'default'}
        ghost={open}
        aria-expanded={open}
        onClick={onToggle}
        data-testid="list-filter-toggle"
      >
        {t('listTools.filters')}
      </Button>
    </Badge>
  );
}

type ColumnChooserProps = {
  columns: { key: string; title: string }[];
  /** The column that cannot be hidden (the record's name, its link). */
  locked: string | undefined;
  hidden: string[];
  onChange: (hidden: string[] | undefined) => void;
};

/** Which columns a list shows; the record's name always stays. */
export function ColumnChooser({ columns, locked, hidden, onChange }: ColumnChooserProps) {
  const { t } = useTranslation();
  const content = (
    <Flex vertical gap={4} data-testid="list-columns-panel" style={{ minWidth: 200 }}>
      <Typography.Text type="secondary" style={{ maxWidth: 240 }}>
        {t('listTools.columnsHint')}
      </Typography.Text>
      {columns.map((column) => (
        <Checkbox
          key={column.key}
          checked={column.key === locked || !hidden.includes(column.key)}
          disabled={column.key === locked}
          onChange={(event) => onChange(event.target.checked ? hidden.filter((key) => key !== column.key) : [...hidden, column.key])}
        >
          {column.title}
        </Checkbox>
      ))}
      <Divider style={{ margin: '4px 0' }} />
      <Button size="small" onClick={() => onChange(undefined)} disabled={!hidden.length}>
        {t('listTools.columnsReset')}
      </Button>
    </Flex>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Button icon={<TableOutlined />} data-testid="list-columns">
        {t('listTools.columns')}
      </Button>
    </Popover>
  );
}

type SavedFiltersProps = {
  saved: SavedFilter[];
  current: Record<string, unknown>;
  onChange: (saved: SavedFilter[]) => void;
  onApply: (filter: Record<string, unknown>) => void;
};

/** Named filter sets of this user for this list: save the filters in force, recall one, delete one. */
export function SavedFilters({ saved, current, onChange, onApply }: SavedFiltersProps) {
  const { t } = useTranslation();
  const [naming, setNaming] = useState(false);
  const [named, setNamed] = useState(false);
  const hasFilter = Object.keys(current).length > 0;

  const save = (name: string) => {
    onChange([...saved.filter((item) => item.name !== name), { name, filter: current }]);
    setNaming(false);
  };
  const startNaming = () => {
    setNaming(true);
    setNamed(true);
  };

  const items = [
    ...saved.map((item) => ({
      key: `apply:${item.name}`,
      label: (
        <Flex justify="space-between" align="center" gap={8}>
          <span>{item.name}</span>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('listTools.deleteSavedFilter', { name: item.name })}
            onClick={(event) => {
              event.stopPropagation();
              onChange(saved.filter((other) => other.name !== item.name));
            }}
          />
        </Flex>
      ),
      onClick: () => onApply(item.filter),
    })),
    ...(saved.length ? [] : [{ key: 'none', label: t('listTools.noSavedFilters'), disabled: true }]),
    { type: 'divider' as const },
    { key: 'save', icon: <SaveOutlined />, label: t('listTools.saveFilter'), disabled: !hasFilter, onClick: startNaming },
  ];

  return (
    <>
      <Dropdown menu={{ items }} trigger={['click']}>
        <Button icon={<StarOutlined />} data-testid="list-saved-filters">
          {t('listTools.savedFilters')}
        </Button>
      </Dropdown>
      {named && (
        <Suspense fallback={null}>
          <SaveFilterDialog open={naming} onSave={save} onClose={() => setNaming(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Date-range presets of a date filter (Hoje, Últimos 7 dias, Este mês...), whole days in the user's time zone. */
export function datePresetsOf(t: TFunction): { label: string; value: [Dayjs, Dayjs] }[] {
  const today = dayjs().startOf('day');
  const endOfToday = today.endOf('day');
  const yesterday = today.subtract(1, 'day');
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: t('listTools.presets.today'), value: [today, endOfToday] },
    { label: t('listTools.presets.yesterday'), value: [yesterday, yesterday.endOf('day')] },
    { label: t('listTools.presets.last7Days'), value: [today.subtract(6, 'day'), endOfToday] },
    { label: t('listTools.presets.last30Days'), value: [today.subtract(29, 'day'), endOfToday] },
    { label: t('listTools.presets.thisMonth'), value: [today.startOf('month'), endOfToday] },
    { label: t('listTools.presets.lastMonth'), value: [lastMonth.startOf('month'), lastMonth.endOf('month')] },
  ];
}

type SortControlProps = {
  /** The sortable columns shown, by key and title. */
  columns: { key: string; title: string }[];
  sort: { column: string; direction: 'ASC' | 'DESC' } | undefined;
  /** The list's `orderBy` (col_ASC | col_DESC), or undefined for the list's default order. */
  onChange: (orderBy: string | undefined) => void;
};

/**
 * The sort of a list without column headers (the cards on a phone): a field and a direction,
 * written to the same `orderBy` as the table's headers, so the URL means the same on both.
 */
export function SortControl({ columns, sort, onChange }: SortControlProps) {
  const { t } = useTranslation();
  const direction = sort?.direction ?? 'ASC';
  const ascending = direction === 'ASC';
  const label = t('listTools.sortBy');
  return (
    <Space.Compact data-testid="list-sort">
      <Select
        aria-label={label}
        placeholder={label}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 160 }}
        value={sort?.column}
        options={columns.map((column) => ({ value: column.key, label: column.title }))}
        onChange={(column?: string) => onChange(column ? `${column}_${direction}` : undefined)}
        data-testid="list-sort-field"
      />
      <Tooltip title={ascending ? t('listTools.sortAscending') : t('listTools.sortDescending')}>
        <Button
          icon={ascending ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
          aria-label={ascending ? t('listTools.sortAscending') : t('listTools.sortDescending')}
          disabled={!sort}
          onClick={() => sort && onChange(`${sort.column}_${ascending ? 'DESC' : 'ASC'}`)}
          data-testid="list-sort-direction"
        />
      </Tooltip>
    </Space.Compact>
  );
}
