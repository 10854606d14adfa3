import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLockerCompartments } from './locker-face';
import { countBySize } from './occupancy-counts';
import './messages';

type CountKey = 'free' | 'occupied' | 'booked' | 'unavailable' | 'total';
type CountRow = { key: CountKey } & Record<string, number | string>;

const COUNT_KEYS: CountKey[] = ['free', 'occupied', 'booked', 'unavailable', 'total'];
/** The column of every size together (a key no size code of one or two characters can take). */
const ALL = '__all__';

/**
 * How full the locker is (from the face's own query: no second read): a row per state, a column per
 * size and one for all. Sizes as columns because their codes are short (two characters at most) and
 * few, so the table fits a phone without scrolling, where the states' words would not fit as columns.
 */
export function LockerOccupancy({ eboxId }: { eboxId: string }) {
  const { t } = useTranslation();
  const compartments = useLockerCompartments(eboxId);
  const sizes = countBySize(compartments.data?.rows ?? []);
  const rows: CountRow[] = COUNT_KEYS.map((key) => {
    const row: CountRow = { key };
    for (const size of sizes) row[size.size] = size[key];
    row[ALL] = sizes.reduce((total, size) => total + size[key], 0);
    return row;
  });
  const label = (key: CountKey) =>
    key === 'unavailable' ? (
      <span title={t('lockerLive.occupancy.unavailableHint')}>{t('lockerLive.occupancy.unavailable')}</span>
    ) : (
      t(`lockerLive.occupancy.${key}`)
    );
  return (
    <Card
      title={<h2 style={{ margin: 0, font: 'inherit' }}>{t('lockerLive.occupancy.title')}</h2>}
      size="small"
      data-testid="locker-occupancy"
    >
      <Table<CountRow>
        size="small"
        rowKey="key"
        loading={compartments.isPending}
        pagination={false}
        dataSource={sizes.length ? rows : []}
        columns={[
          {
            key: 'state',
            title: t('lockerLive.occupancy.size'),
            render: (_, row) => (row.key === 'total' ? <strong>{label(row.key)}</strong> : label(row.key)),
          },
          ...sizes.map((size) => ({ key: size.size, dataIndex: size.size, title: size.size || '—', align: 'right' as const })),
          ...(sizes.length > 1
            ? [
                {
                  key: ALL,
                  title: t('lockerLive.occupancy.all'),
                  align: 'right' as const,
                  render: (_: unknown, row: CountRow) => <strong>{row[ALL]}</strong>,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
