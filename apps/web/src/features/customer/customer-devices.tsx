import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Skeleton, Table, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { formatDateTime } from '../../app/format';
import { SectionTitle } from '../../app/page-title';
import type { EntityRecord } from '../../kit/entity-api';
import '../message/messages';

type CustomerDevice = { id: string; platform: string; tokenEnd: string; createdAt: string; registeredAt: string };

const devicesKey = (customerId: string) => ['customer', customerId, 'devices'];

/**
 * The devices the customer's app registered for push (issue 27, GET /customer/:id/device): the
 * newest, which push goes to, first; one removed (a lost phone) after a confirmation. Tokens show
 * by their last characters only, as the API gives them.
 */
export function CustomerDevices({ customer }: { customer: EntityRecord }) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const { message, modal } = App.useApp();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const devices = useQuery({
    queryKey: devicesKey(customer.id),
    queryFn: () => api.get<{ rows: CustomerDevice[]; count: number }>(`/customer/${customer.id}/device`),
  });
  useEffect(() => {
    if (devices.error) handleError(devices.error);
  }, [devices.error, handleError]);
  const remove = useMutation({
    mutationFn: (device: CustomerDevice) => api.delete<{ id: string }>(`/customer/${customer.id}/device/${device.id}`),
    onSuccess: () => {
      message.success(t('customerDevices.removed'));
      return queryClient.invalidateQueries({ queryKey: devicesKey(customer.id) });
    },
    onError: handleError,
  });
  const confirmRemove = (device: CustomerDevice) =>
    modal.confirm({
      title: t('customerDevices.removeTitle', { device: device.tokenEnd }),
      content: t('customerDevices.removeText'),
      okText: t('customerDevices.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(device).catch(() => undefined),
    });
  const rows = devices.data?.rows ?? [];
  const editable = can('customerEdit');
  return (
    <Card title={<SectionTitle title={t('customerDevices.title')} />} data-testid="customer-devices">
      {devices.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customerDevices.empty')} />
      ) : (
        <Table<CustomerDevice>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            {
              key: 'device',
              title: t('customerDevices.device'),
              render: (_, device, index) => (
                <>
                  {device.tokenEnd} {index === 0 ? <Tag color="blue">{t('customerDevices.receivesPush')}</Tag> : null}
                </>
              ),
            },
            {
              key: 'platform',
              title: t('customerDevices.platform'),
              render: (_, device) => t(`customerDevices.platforms.${device.platform}`),
            },
            { key: 'registeredAt', title: t('customerDevices.registeredAt'), render: (_, device) => formatDateTime(device.registeredAt) },
            ...(editable
              ? [
                  {
                    key: 'actions',
                    title: t('common.actions'),
                    render: (_: unknown, device: CustomerDevice) => (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('customerDevices.removeLabel', { device: device.tokenEnd })}
                        onClick={() => confirmRemove(device)}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Card>
  );
}
