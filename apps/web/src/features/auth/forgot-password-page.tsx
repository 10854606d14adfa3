import { MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Radio, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../app/api-client';
import { errorMessageOf, errorStatusOf, useErrorHandler } from '../../app/error-handler';
import { PageTitle } from '../../app/page-title';
import { AuthCard } from './auth-card';
import { emailRules } from './form-rules';

type Method = 'email' | 'sms';
type ForgotForm = { email: string; method?: Method };
/** Where each method's message goes on this server: it leaves (`sent`) or waits in the outbox. */
type Delivery = Partial<Record<Method, 'sent' | 'outbox'>>;

const INLINE_STATUSES = new Set([400, 404, 429]);

/**
 * Asks which ways a link can be sent (the API offers the same to every email, so the answer tells
 * nobody who has an account or a phone); with a single way the link is sent at once, with two the
 * user picks one. SMS asked of an account without a phone arrives by email. When the server has no
 * mail or SMS service, the chosen method's message waits in the outbox, and the page says so.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ForgotForm>();
  const handleError = useErrorHandler();
  const [methods, setMethods] = useState<Method[] | null>(null);
  const [delivery, setDelivery] = useState<Delivery>({});
  const [sentBy, setSentBy] = useState<Method | null>(null);
  const chosen = Form.useWatch('method', form);
  const keptInOutbox = (method: Method | null | undefined) => Boolean(method && delivery[method] === 'outbox');

  const send = useMutation({
    mutationFn: async ({ email, method }: { email: string; method: Method }) => {
      await api.post('/auth/send-password-reset-email', { email, method });
      return method;
    },
    onSuccess: (method) => setSentBy(method),
    onError: (error) => {
      if (!INLINE_STATUSES.has(errorStatusOf(error) ?? 0)) handleError(error);
    },
  });

  const ask = useMutation({
    mutationFn: (email: string) => api.post<{ methods: Method[]; delivery?: Delivery }>('/auth/get-password-reset-method', { email }),
    onSuccess: ({ methods: available, delivery: where }, email) => {
      setDelivery(where ?? {});
      if (available.length > 1) {
        setMethods(available);
        form.setFieldValue('method', available[0]);
      } else {
        send.mutate({ email, method: available[0] ?? 'email' });
      }
    },
    onError: (error) => {
      if (!INLINE_STATUSES.has(errorStatusOf(error) ?? 0)) handleError(error);
    },
  });

  const failed = send.error ?? ask.error;
  const inlineError = failed && INLINE_STATUSES.has(errorStatusOf(failed) ?? 0) ? errorMessageOf(failed, t) : null;

  if (sentBy) {
    return (
      <AuthCard>
        <Result
          status={keptInOutbox(sentBy) ? 'info' : 'success'}
          title={
            <PageTitle
              title={
                keptInOutbox(sentBy)
                  ? t('auth.forgotPassword.requested')
                  : t(sentBy === 'sms' ? 'auth.forgotPassword.sentSms' : 'auth.forgotPassword.sentEmail')
              }
            />
          }
          subTitle={keptInOutbox(sentBy) ? t(`auth.forgotPassword.outboxNotice.${sentBy}`) : undefined}
          extra={<Link to="/auth/signin">{t('auth.forgotPassword.backToSignin')}</Link>}
          data-testid="reset-sent"
        />
      </AuthCard>
    );
  }

  const onFinish = ({ email, method }: ForgotForm) => {
    if (methods && method) send.mutate({ email, method });
    else ask.mutate(email);
  };

  return (
    <AuthCard title={t('auth.forgotPassword.title')}>
      <Typography.Paragraph type="secondary">{t('auth.forgotPassword.intro')}</Typography.Paragraph>
      <Form<ForgotForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} data-testid="forgot-password-form">
        {inlineError && <Alert type="error" showIcon title={inlineError} style={{ marginBottom: 16 }} data-testid="form-error" />}
        <Form.Item name="email" label={t('auth.fields.email')} rules={emailRules(t)}>
          <Input
            prefix={<MailOutlined />}
            type="email"
            autoComplete="username"
            autoFocus
            onChange={() => {
              // A different address may have different ways to be reached.
              if (methods) setMethods(null);
            }}
          />
        </Form.Item>
        {methods && (
          <Form.Item name="method" label={t('auth.forgotPassword.chooseMethod')}>
            <Radio.Group>
              <Flex vertical gap={8}>
                {methods.map((method) => (
                  <Radio key={method} value={method} data-testid={`reset-method-${method}`}>
                    {t(`auth.forgotPassword.method.${method}`)}
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
          </Form.Item>
        )}
        {methods && chosen && keptInOutbox(chosen) && (
          <Alert
            type="info"
            showIcon
            title={t(`auth.forgotPassword.outboxNotice.${chosen}`)}
            style={{ marginBottom: 16 }}
            data-testid="reset-outbox-notice"
          />
        )}
        <Button type="primary" htmlType="submit" block loading={ask.isPending || send.isPending} data-testid="forgot-password-submit">
          {methods ? t('auth.forgotPassword.submit') : t('auth.forgotPassword.next')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        <Link to="/auth/signin">{t('auth.forgotPassword.backToSignin')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
