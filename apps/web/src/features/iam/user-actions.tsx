import { CheckCircleOutlined, MailOutlined, StopOutlined, UserDeleteOutlined } from '@ant-design/icons';
import type { RelationRef } from '@ebox/domain';
import { App, Button, Form, Modal, Radio, Select, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { tagForTests } from '../../app/tag-for-tests';
import { displayLabel } from '../../kit/entity-labels';
import { type IamUser, removeRoles, resendInvitations, setUsersDisabled } from './iam-api';

export type SelectedUser = { id: string; email: string; roles?: RelationRef[]; status?: IamUser['status'] };

type UserActionsProps = {
  selected: SelectedUser[];
  /** Clears the selection and refetches, after success and failure alike. */
  done: () => Promise<unknown>;
  /** Offer "remove roles" with a choice of roles (the users list); the by-role list removes its own role. */
  withRemoveRoles?: boolean;
};

/**
 * Enable, disable and remove roles on the selected users (spec 2.8, 7.2), each after a confirmation,
 * and send again the invitations of those of them still invited (the others are skipped and counted).
 */
export function UserActions({ selected, done, withRemoveRoles = true }: UserActionsProps) {
  const { t } = useTranslation();
  const { can, user, refresh } = useCurrentUser();
  const { message, modal } = App.useApp();
  const handleError = useErrorHandler();
  const [removing, setRemoving] = useState(false);
  const [resending, setResending] = useState(false);
  const disabled = !selected.length;
  const invited = selected.filter((row) => row.status === 'invited');

  const afterChange = async () => {
    // Changing your own roles changes what you may do: reload the current user.
    if (user && selected.some((row) => row.id === user.id)) await refresh();
    await done();
  };

  const toggle = (disable: boolean) =>
    modal.confirm({
      title: t(disable ? 'iam.disable.title' : 'iam.enable.title'),
      content: t(disable ? 'iam.disable.confirm' : 'iam.enable.confirm', { count: selected.length }),
      okText: t(disable ? 'iam.actions.disable' : 'iam.actions.enable'),
      okButtonProps: { danger: disable, ...tagForTests('confirm-status') },
      cancelText: t('kit.actions.cancel'),
      onOk: async () => {
        try {
          await setUsersDisabled(
            selected.map((row) => row.id),
            disable,
          );
          message.success(t(disable ? 'iam.disable.success' : 'iam.enable.success'));
        } catch (error) {
          handleError(error);
        } finally {
          await afterChange();
        }
      },
    });

  const resend = async () => {
    setResending(true);
    try {
      const { sent, skipped } = await resendInvitations(invited.map((row) => row.id));
      const notPending = selected.length - invited.length;
      message.success(
        [
          t('iam.invitation.resentMany', { count: sent }),
          ...(skipped + notPending ? [t('iam.invitation.skipped', { count: skipped + notPending })] : []),
        ].join(' '),
      );
    } catch (error) {
      handleError(error);
    } finally {
      setResending(false);
      await done();
    }
  };

  return (
    <Space wrap>
      {can('iamCreate') && (
        <Tooltip title={invited.length ? undefined : t('iam.invitation.noneSelected')}>
          <Button
            icon={<MailOutlined />}
            disabled={!invited.length}
            loading={resending}
            onClick={resend}
            data-testid="iam-resend-invitations"
          >
            {t('iam.invitation.resend')}
          </Button>
        </Tooltip>
      )}
      {can('iamEdit') && (
        <>
          <Button icon={<CheckCircleOutlined />} disabled={disabled} onClick={() => toggle(false)} data-testid="iam-enable">
            {t('iam.actions.enable')}
          </Button>
          <Button icon={<StopOutlined />} disabled={disabled} onClick={() => toggle(true)} data-testid="iam-disable">
            {t('iam.actions.disable')}
          </Button>
        </>
      )}
      {withRemoveRoles && can('iamDestroy') && (
        <>
          <Button danger icon={<UserDeleteOutlined />} disabled={disabled} onClick={() => setRemoving(true)} data-testid="iam-remove-roles">
            {t('iam.actions.removeRoles')}
          </Button>
          <RemoveRolesModal
            open={removing}
            selected={selected}
            onClose={() => setRemoving(false)}
            onDone={async () => {
              setRemoving(false);
              await afterChange();
            }}
          />
        </>
      )}
    </Space>
  );
}

type RemoveRolesModalProps = { open: boolean; selected: SelectedUser[]; onClose: () => void; onDone: () => Promise<void> };

function RemoveRolesModal({ open, selected, onClose, onDone }: RemoveRolesModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const handleError = useErrorHandler();
  const [mode, setMode] = useState<'choose' | 'all'>('choose');
  const [roles, setRoles] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const held = new Map<string, string>();
  for (const row of selected) for (const role of row.roles ?? []) held.set(role.id, displayLabel(t, 'role', role.label));

  const submit = async () => {
    if (mode === 'choose' && !roles.length) return;
    setBusy(true);
    try {
      await removeRoles(
        selected.map((row) => row.email),
        mode === 'all' ? 'all' : roles,
      );
      message.success(t('iam.removeRoles.success'));
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
      setRoles([]);
      await onDone();
    }
  };

  return (
    <Modal
      open={open}
      title={t('iam.removeRoles.title')}
      okText={t('iam.actions.removeRoles')}
      okButtonProps={{ danger: true, disabled: mode === 'choose' && !roles.length, ...tagForTests('confirm-remove-roles') }}
      cancelText={t('kit.actions.cancel')}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text>{t('iam.removeRoles.intro', { count: selected.length })}</Typography.Text>
        <Radio.Group
          value={mode}
          onChange={(e) => setMode(e.target.value)}
          options={[
            { value: 'choose', label: t('iam.removeRoles.roles') },
            { value: 'all', label: t('iam.removeRoles.all') },
          ]}
        />
        {mode === 'choose' && (
          <Form layout="vertical">
            <Form.Item label={t('iam.removeRoles.roles')} htmlFor="remove-roles">
              <Select
                id="remove-roles"
                mode="multiple"
                value={roles}
                onChange={setRoles}
                options={[...held].map(([id, label]) => ({ value: id, label }))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Form>
        )}
      </Space>
    </Modal>
  );
}
