import { Card, Checkbox, Empty, Flex, List, Pagination, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../entity-api';
import { namedPageLinks } from './page-links';

export type CardColumn = {
  key: string;
  title: string;
  render: (record: EntityRecord) => ReactNode;
};

/** Cards picked for a bulk action, as the table's checkboxes pick rows. */
export type CardSelection = {
  selected: EntityRecord[];
  onChange: (selected: EntityRecord[]) => void;
  isSelectable: (record: EntityRecord) => boolean;
  /** The accessible name of a card's checkbox ("Selecionar Joana Prado") and of the page's. */
  rowLabel: (record: EntityRecord) => string;
  allLabel: string;
};

type RecordCardsProps = {
  rows: EntityRecord[];
  loading: boolean;
  /** The record's name (a link that opens it) heading each card. */
  heading: (record: EntityRecord) => ReactNode;
  /** The other shown columns, as label and value lines. */
  columns: CardColumn[];
  actions: (record: EntityRecord) => ReactNode;
  empty: ReactNode;
  page: number;
  pageSize: number;
  total: number;
  showTotal: (total: number) => ReactNode;
  onPage: (page: number, pageSize: number) => void;
  /** Without it (a read-only list) the cards have no checkboxes. */
  selection?: CardSelection;
};

/** The page's checkbox: picks or drops every selectable card of the page, keeping cards of other pages. */
function SelectPage({ rows, selection }: { rows: EntityRecord[]; selection: CardSelection }) {
  const selectable = rows.filter(selection.isSelectable);
  const ids = new Set(selection.selected.map((record) => record.id));
  const picked = selectable.filter((record) => ids.has(record.id)).length;
  const pageIds = new Set(selectable.map((record) => record.id));
  return (
    <Checkbox
      checked={picked > 0 && picked === selectable.length}
      indeterminate={picked > 0 && picked < selectable.length}
      disabled={!selectable.length}
      onChange={(event) => {
        const others = selection.selected.filter((record) => !pageIds.has(record.id));
        selection.onChange(event.target.checked ? [...others, ...selectable] : others);
      }}
      data-testid="list-cards-select-all"
    >
      {selection.allLabel}
    </Checkbox>
  );
}

/** A card's checkbox. */
function SelectCard({ record, selection }: { record: EntityRecord; selection: CardSelection }) {
  const checked = selection.selected.some((other) => other.id === record.id);
  return (
    <Checkbox
      checked={checked}
      disabled={!selection.isSelectable(record)}
      aria-label={selection.rowLabel(record)}
      onChange={(event) =>
        selection.onChange(
          event.target.checked ? [...selection.selected, record] : selection.selected.filter((other) => other.id !== record.id),
        )
      }
    />
  );
}

/**
 * A list on a phone: one card per record with its name and main fields one under another, instead
 * of a table whose first column is all a 390 px screen shows.
 */
export function RecordCards({
  rows,
  loading,
  heading,
  columns,
  actions,
  empty,
  page,
  pageSize,
  total,
  showTotal,
  onPage,
  selection,
}: RecordCardsProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12} data-testid="list-cards">
      {selection && rows.length > 0 && <SelectPage rows={rows} selection={selection} />}
      <List<EntityRecord>
        loading={loading}
        dataSource={rows}
        locale={{ emptyText: empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        split={false}
        renderItem={(record) => (
          <List.Item style={{ padding: '0 0 12px' }} data-testid="list-card">
            <Card
              size="small"
              style={{ width: '100%' }}
              title={
                selection ? (
                  <Flex gap={8} align="center">
                    <SelectCard record={record} selection={selection} />
                    <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{heading(record)}</span>
                  </Flex>
                ) : (
                  heading(record)
                )
              }
              extra={actions(record)}
            >
              <Flex vertical gap={4}>
                {columns.map((column) => (
                  <Flex key={column.key} gap={8} wrap>
                    <Typography.Text type="secondary" style={{ minWidth: 110 }}>
                      {column.title}
                    </Typography.Text>
                    <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{column.render(record)}</span>
                  </Flex>
                ))}
              </Flex>
            </Card>
          </List.Item>
        )}
      />
      <Flex vertical align="center" gap={4}>
        <Typography.Text type="secondary">{showTotal(total)}</Typography.Text>
        {total > pageSize && (
          <Pagination simple itemRender={namedPageLinks(t)} current={page} pageSize={pageSize} total={total} onChange={onPage} />
        )}
      </Flex>
    </Flex>
  );
}
