import { CheckCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/current-user';
import { useApp } from '../../app/feedback';
import { tagForTests } from '../../app/tag-for-tests';
import { type EntityRecord, entityKeys } from '../../kit/entity-api';
import { finishPacking } from './packing-api';
import { finishInTurn } from './packing-plan';

const nameOf = (record: EntityRecord) => String(record.name ?? record.id);

/**
 * "Finalizar" with its confirmation, for one packing or many (spec 7.4: finish-all calls PUT
 * /packing/finish/{id} for each id in turn). Progress shows while it runs; the end names what the
 * API refused (an already finished packing says so), the others are finished regardless.
 */
export function useFinishPackings(): { finish: (records: EntityRecord[], after?: () => void) => void; busy: boolean } {
  const { t } = useTranslation();
  const { modal, message, notification } = useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const finish = (records: EntityRecord[], after?: () => void) => {
    if (!records.length) return;
    const only = records.length === 1 ? records[0] : undefined;
    modal.confirm({
      title: t('packingPage.finish.confirmTitle'),
      content: only
        ? t('packingPage.finish.confirmOne', { name: nameOf(only) })
        : t('packingPage.finish.confirmMany', { count: records.length }),
      okText: t('packingPage.actions.finish'),
      okButtonProps: tagForTests('confirm-finish'),
      cancelText: t('kit.actions.cancel'),
      onOk: async () => {
        setBusy(true);
        const progress =
          records.length > 1
            ? message.loading({
                content: t('packingPage.finish.progress', { done: 0, total: records.length }),
                duration: 0,
                key: 'packing-finish',
              })
            : undefined;
        try {
          const report = await finishInTurn(
            records.map((record) => record.id),
            finishPacking,
            (done) => {
              if (progress)
                message.loading({
                  key: 'packing-finish',
                  duration: 0,
                  content: (
                    <span data-testid="packing-finish-progress">
                      {t('packingPage.finish.progress', { done, total: records.length })}{' '}
                      <Progress percent={Math.round((done / records.length) * 100)} size="small" style={{ width: 120 }} />
                    </span>
                  ),
                });
            },
          );
          message.destroy('packing-finish');
          if (report.finished.length)
            message.success(only ? t('entities.packing.finish.success') : t('packingPage.finish.done', { count: report.finished.length }));
          if (report.failed.length) {
            const names = report.failed.map((failure) => nameOf(records.find((record) => record.id === failure.id) ?? { id: failure.id }));
            notification.error({
              title: t('packingPage.finish.failed', { names: names.join(', ') }),
              description: (
                <ul style={{ margin: 0, paddingLeft: 16 }} data-testid="packing-finish-failures">
                  {report.failed.map((failure) => (
                    <li key={failure.id}>
                      <Typography.Text>{failure.message}</Typography.Text>
                    </li>
                  ))}
                </ul>
              ),
              placement: 'topRight',
            });
          }
        } finally {
          setBusy(false);
          await queryClient.invalidateQueries({ queryKey: entityKeys.all('packing') });
          after?.();
        }
      },
    });
  };
  return { finish, busy };
}

/** The finish button of a list's selection or a packing's page, shown to who may finish (packingCreate). */
export function FinishButton({ records, after, testId }: { records: EntityRecord[]; after?: () => void; testId: string }) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const { finish, busy } = useFinishPackings();
  if (!can('packingCreate')) return null;
  return (
    <Button
      icon={<CheckCircleOutlined />}
      disabled={!records.length}
      loading={busy}
      onClick={() => finish(records, after)}
      data-testid={testId}
    >
      {t('packingPage.actions.finish')}
    </Button>
  );
}
