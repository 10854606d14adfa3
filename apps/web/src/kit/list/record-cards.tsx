import { Card, Empty, Flex, List, Pagination, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { EntityRecord } from '../entity-api';

export type CardColumn = {
  key: string;
  title: string;
  render: (record: EntityRecord) => ReactNode;
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
};

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
}: RecordCardsProps) {
  return (
    <Flex vertical gap={12} data-testid="list-cards">
      <List<EntityRecord>
        loading={loading}
        dataSource={rows}
        locale={{ emptyText: empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        split={false}
        renderItem={(record) => (
          <List.Item style={{ padding: '0 0 12px' }} data-testid="list-card">
            <Card size="small" style={{ width: '100%' }} title={heading(record)} extra={actions(record)}>
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
        {total > pageSize && <Pagination simple current={page} pageSize={pageSize} total={total} onChange={onPage} />}
      </Flex>
    </Flex>
  );
}
