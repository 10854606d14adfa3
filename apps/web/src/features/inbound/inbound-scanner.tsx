import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { DECLARED_ENTITIES } from '@ebox/domain';
import { Button, Empty, Flex, Input, Table, type TableColumnsType, Tag, Typography } from 'antd';
import {
  type ClipboardEvent,
  createContext,
  type KeyboardEvent,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../kit/entity-labels';
import type { FieldInputProps } from '../../kit/fields/field-input';
import { OrderStatusTag } from '../order/order-status-tag';
import { isRefused, orderIdsOf, type ScanAnswer, type ScanRow, type ScanSession, splitCodes } from './scan-session';

const order = DECLARED_ENTITIES.order;

/** The page's session of read codes, which its save asks again about when the API refuses some. */
export const ScanSessionContext = createContext<ScanSession | null>(null);

const ANSWER_COLORS: Record<ScanAnswer, string> = {
  pending: 'default',
  found: 'green',
  alreadyAdded: 'gold',
  alreadyInbound: 'orange',
  notAllowed: 'red',
  unknown: 'red',
  failed: 'red',
};

const PAGE_SIZE = 50;

function sameIds(a: readonly string[], b: unknown): boolean {
  return Array.isArray(b) && a.length === b.length && a.every((id, index) => b[index] === id);
}

/**
 * The inbound form's `orders` (issue 30): one field a barcode scanner types into, ending each code
 * with Enter, or many codes are pasted into at once; each code is answered in the list below as soon
 * as the API has looked it up, and the found orders are the field's value. The field never waits: a
 * code read during a look-up joins the next one (scan-session.ts).
 */
export function InboundScanner({
  id,
  value,
  onChange,
  autoFocus,
  disabled,
  entity: _entity,
  path: _path,
  field: _field,
  ...aria
}: FieldInputProps) {
  const { t } = useTranslation();
  const session = useContext(ScanSessionContext);
  if (!session) throw new Error('InboundScanner needs a ScanSessionContext');
  const rows = useSyncExternalStore(session.subscribe, session.getRows);
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const scanner = useRef<HTMLDivElement>(null);

  // The found orders are the form's value: each change of the list is an edit of the form.
  useEffect(() => {
    const ids = orderIdsOf(rows);
    if (!sameIds(ids, value)) onChange?.(ids);
  }, [rows, value, onChange]);

  const read = (text: string) => {
    const codes = splitCodes(text);
    if (!codes.length) return;
    session.add(codes);
    setTyped('');
    // The newest rows come first: show them.
    setPage(1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // A scanner ends each code with Enter: it reads the code, never submits the form.
    event.preventDefault();
    read(event.currentTarget.value);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    // One code pasted waits for Enter like a typed one; a list of codes is read at once.
    if (!/[\s,;]/.test(pasted.trim())) return;
    event.preventDefault();
    read(`${typed} ${pasted}`);
  };

  // Before the list redraws: the pressed button may go with its row, and a focus lost to the page's heading.
  const refocus = () =>
    scanner.current?.querySelector<HTMLInputElement>('input[data-testid="inbound-scan-input"]')?.focus({ preventScroll: true });

  const counts = useMemo(() => {
    let found = 0;
    let refused = 0;
    let pending = 0;
    for (const row of rows) {
      if (row.answer === 'found') found += 1;
      else if (row.answer === 'pending') pending += 1;
      else if (isRefused(row.answer)) refused += 1;
    }
    return { found, refused, pending, failed: rows.length - found - refused - pending };
  }, [rows]);

  const newestFirst = useMemo(() => [...rows].reverse(), [rows]);
  const last = newestFirst[0];

  const answerText = (row: ScanRow) => {
    if (row.answer === 'pending') return t('inboundPage.scan.searching');
    if (row.answer === 'alreadyAdded') return t('inboundPage.scan.alreadyAdded');
    if (row.answer === 'failed') return t('inboundPage.scan.failed');
    return row.message;
  };

  const columns: TableColumnsType<ScanRow> = [
    { key: 'seq', title: t('inboundPage.columns.sequence'), dataIndex: 'seq', width: 64, responsive: ['sm'] },
    {
      key: 'code',
      title: t('inboundPage.columns.trackingCode'),
      // A code read in pieces is misread: it stays on one line.
      render: (_, row) => (
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
          {row.code}
        </Typography.Text>
      ),
    },
    {
      key: 'answer',
      title: t('inboundPage.columns.answer'),
      render: (_, row) => (
        <Tag color={ANSWER_COLORS[row.answer]} style={{ whiteSpace: 'normal', marginInlineEnd: 0 }} data-testid="inbound-scan-answer">
          {answerText(row)}
        </Tag>
      ),
    },
    {
      key: 'customer',
      title: t('inboundPage.columns.customer'),
      responsive: ['md'],
      render: (_, row) => row.order?.customerName ?? '',
    },
    { key: 'locker', title: t('inboundPage.columns.locker'), responsive: ['md'], render: (_, row) => row.order?.eboxCode ?? '' },
    {
      key: 'type',
      title: t('inboundPage.columns.type'),
      responsive: ['lg'],
      render: (_, row) => (row.order ? enumLabel(t, order, 'type', row.order.type) : ''),
    },
    {
      key: 'status',
      title: t('inboundPage.columns.status'),
      responsive: ['md'],
      render: (_, row) => <OrderStatusTag status={row.order?.status} />,
    },
    {
      key: 'actions',
      title: t('inboundPage.columns.actions'),
      width: 72,
      render: (_, row) => (
        <Button
          type="text"
          icon={<DeleteOutlined />}
          aria-label={t('inboundPage.remove', { code: row.code })}
          title={t('inboundPage.remove', { code: row.code })}
          disabled={disabled}
          onClick={() => {
            refocus();
            session.remove(row.seq);
          }}
          data-testid="inbound-scan-remove"
        />
      ),
    },
  ];

  return (
    <div ref={scanner} data-testid="inbound-scanner" data-rows={rows.length} data-pending={counts.pending}>
      <Input
        id={id}
        {...aria}
        size="large"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        placeholder={t('inboundPage.scan.placeholder')}
        autoFocus={autoFocus}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="enter"
        data-testid="inbound-scan-input"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 4, marginBottom: 12 }}>
        {t('inboundPage.scan.hint')}
      </Typography.Paragraph>
      <Flex wrap gap="small" align="center" style={{ marginBottom: 12 }}>
        <output aria-live="polite" data-testid="inbound-scan-last" style={{ flex: '1 1 240px', minHeight: 32 }}>
          {last && (
            <>
              <Typography.Text type="secondary">{t('inboundPage.scan.lastRead')}: </Typography.Text>
              <Typography.Text strong>{last.code}</Typography.Text>{' '}
              <Tag color={ANSWER_COLORS[last.answer]} style={{ whiteSpace: 'normal' }}>
                {answerText(last)}
              </Tag>
            </>
          )}
        </output>
        <Tag color="green" data-testid="inbound-count-found">
          {t('inboundPage.counts.found')}: {counts.found}
        </Tag>
        <Tag color={counts.refused ? 'red' : 'default'} data-testid="inbound-count-refused">
          {t('inboundPage.counts.refused')}: {counts.refused}
        </Tag>
        {counts.pending > 0 && (
          <Tag data-testid="inbound-count-pending">
            {t('inboundPage.counts.pending')}: {counts.pending}
          </Tag>
        )}
        {counts.failed > 0 && (
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              refocus();
              session.retryFailed();
            }}
          >
            {t('inboundPage.scan.retry')}
          </Button>
        )}
      </Flex>
      <Table<ScanRow>
        size="small"
        rowKey="seq"
        columns={columns}
        dataSource={newestFirst}
        pagination={{ current: page, pageSize: PAGE_SIZE, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
        onRow={(row) =>
          ({ 'data-code': row.code, 'data-answer': row.answer, 'data-seq': row.seq, 'data-testid': 'inbound-scan-row' }) as object
        }
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('entities.inbound.search.noOrders')} /> }}
        data-testid="inbound-scan-list"
      />
    </div>
  );
}
