import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Card, Flex, Switch, Typography, theme } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { CURRENT_USER_KEY, type CurrentUser, useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { SectionTitle } from '../../app/page-title';
import './messages';

type Summary = 'alertDigest' | 'weeklySummary';

const SUMMARIES: Summary[] = ['alertDigest', 'weeklySummary'];

/** One mail the user may ask for: a switch named by its label and described by its hint. */
function SummarySwitch({
  summary,
  checked,
  saving,
  onChange,
}: {
  summary: Summary;
  checked: boolean;
  saving: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const switchId = useId();
  const labelId = useId();
  const hintId = useId();
  return (
    <Flex gap={12} align="flex-start">
      <Switch
        id={switchId}
        checked={checked}
        // Not `loading`: that disables the switch, and a disabled button drops the keyboard's focus.
        aria-busy={saving}
        onChange={onChange}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        data-testid={`profile-${summary}`}
        style={{ marginTop: 2, flex: 'none' }}
      />
      <div>
        {/* A label, so a click on the words turns the switch too, as on a checkbox. */}
        <label id={labelId} htmlFor={switchId} style={{ display: 'block', cursor: 'pointer' }}>
          {t(`auth.profile.summaries.${summary}`)}
        </label>
        <Typography.Text id={hintId} type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t(`auth.profile.summaries.${summary}Hint`)}
        </Typography.Text>
      </div>
    </Flex>
  );
}

/**
 * The dashboard's mails (issue 28): the daily digest of open alerts and the weekly summary. Each
 * switch saves at once (PUT /auth/profile with that key alone, a missing key keeping the rest) and
 * says so, rather than waiting for the profile form's Save, which leaves the page. Shown to who can
 * open the dashboard (orderRead): its figures are what the mails carry.
 */
export function EmailSummariesCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const { user, can } = useCurrentUser();

  const save = useMutation({
    mutationFn: (change: Partial<Record<Summary, boolean>>) => api.put<CurrentUser>('/auth/profile', { profile: change }),
    onSuccess: (updated) => {
      // The answer is the updated user: the switches read it without another GET /auth/me.
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
      message.success(t('auth.profile.summaries.saved'));
    },
    onError: handleError,
  });

  if (!user || !can('orderRead')) return null;
  const pending = save.isPending ? save.variables : undefined;
  return (
    <Card title={<SectionTitle title={t('auth.profile.summaries.title')} />} data-testid="profile-summaries">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('auth.profile.summaries.intro')}</Typography.Text>
        {SUMMARIES.map((summary) => (
          <SummarySwitch
            key={summary}
            summary={summary}
            // While a change is saved its switch shows the wanted value, so it does not flick back.
            checked={pending?.[summary] ?? user[summary]}
            saving={pending?.[summary] !== undefined}
            onChange={(checked) => save.mutate({ [summary]: checked })}
          />
        ))}
      </Flex>
    </Card>
  );
}
