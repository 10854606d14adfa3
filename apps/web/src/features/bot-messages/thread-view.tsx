import { CheckOutlined, ClockCircleOutlined, ExclamationCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { LiveEvent } from '@ebox/domain';
import type { BotThreadAnswer, BotThreadMessage } from '@ebox/domain/bot/messages';
import type { OutgoingContent } from '@ebox/domain/bot/outgoing';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Flex, Form, Input, Spin, Tag, Typography, theme } from 'antd';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../../app/announcer';
import { ApiError, api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { formatDateTime } from '../../app/format';
import { type LiveMessage, useLiveConnected, useLiveEvents } from '../../app/live-events';
import { tagForTests } from '../../app/tag-for-tests';
import { HandOffTag, isSamePhone, PERSON_REPLY_STEP, stepText } from './bot-message-words';
import { conversationsKey } from './conversation-list';

const PAGE = 50;
const WINDOW_MS = 24 * 3_600_000;

export const threadKey = (botId: string, phone: string) => ['bot-messages', botId, 'thread', phone] as const;

/** The reply as it was sent, read back (the API keeps it as WhatsApp took it). */
function contentOf(message: BotThreadMessage): OutgoingContent | null {
  const content = message.content as OutgoingContent | null;
  return content && typeof content === 'object' && 'type' in content ? content : null;
}

/** Sent ✓, delivered ✓✓, read ✓✓ in blue, queued a clock, failed a warning: WhatsApp's ticks, with their words for screen readers. */
function Ticks({ status }: { status: BotThreadMessage['status'] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const words = t(`botMessages.thread.status.${status}`);
  const icon =
    status === 'queued' ? (
      <ClockCircleOutlined />
    ) : status === 'failed' ? (
      <ExclamationCircleOutlined style={{ color: token.colorError }} />
    ) : status === 'sent' ? (
      <CheckOutlined />
    ) : (
      <span style={{ color: status === 'read' ? token.colorLink : undefined, letterSpacing: -6, paddingRight: 6 }}>
        <CheckOutlined />
        <CheckOutlined />
      </span>
    );
  return (
    <span data-testid="bot-message-status" data-status={status} title={words}>
      <span aria-hidden="true">{icon}</span>
      <span className="visually-hidden">{words}</span>
    </span>
  );
}

/** What the customer saw of a reply: its body, then its list (button and rows) or reply buttons. */
function ReplyContent({ message }: { message: BotThreadMessage }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const content = contentOf(message);
  const chip: CSSProperties = {
    display: 'block',
    textAlign: 'center',
    padding: '4px 8px',
    marginTop: 4,
    border: `1px solid ${token.colorBorder}`,
    borderRadius: 8,
    color: token.colorLink,
  };
  if (message.type === 'sms')
    return (
      <div>
        <div style={{ whiteSpace: 'pre-wrap' }}>{message.text}</div>
        <Tag style={{ marginTop: 4 }} data-testid="bot-sms">
          {t('botMessages.thread.sms')}
        </Tag>
      </div>
    );
  if (!content || content.type === 'text') return <div style={{ whiteSpace: 'pre-wrap' }}>{message.text}</div>;
  // A template as Meta delivers it: its approved words filled with the booking's values.
  if (content.type === 'template')
    return (
      <div data-testid="bot-template">
        <Tag style={{ marginBottom: 4 }}>{t('botMessages.thread.template', { name: content.template.name })}</Tag>
        <div style={{ whiteSpace: 'pre-wrap' }}>{message.text}</div>
      </div>
    );
  // The access code's QR code, as WhatsApp shows an image: the picture, its caption below.
  if (content.type === 'image')
    return (
      <figure style={{ margin: 0 }} data-testid="bot-image">
        <img src={content.image.link} alt={content.image.caption} style={{ width: 160, height: 160, display: 'block' }} />
        <figcaption style={{ marginTop: 4 }}>{content.image.caption}</figcaption>
      </figure>
    );
  const { interactive } = content;
  return (
    <div>
      <div style={{ whiteSpace: 'pre-wrap' }}>{interactive.body.text}</div>
      {interactive.type === 'button' ? (
        <ul
          aria-label={t('botMessages.thread.buttons')}
          style={{ listStyle: 'none', margin: '6px 0 0', padding: 0 }}
          data-testid="bot-buttons"
        >
          {interactive.action.buttons.map((button) => (
            <li key={button.reply.id} style={chip}>
              {button.reply.title}
            </li>
          ))}
        </ul>
      ) : (
        <div style={{ marginTop: 6 }} data-testid="bot-list">
          <div style={chip}>
            <UnorderedListOutlined aria-hidden="true" /> {t('botMessages.thread.listButton', { button: interactive.action.button })}
          </div>
          {interactive.action.sections.map((section) => (
            <ul key={section.title} aria-label={section.title} style={{ margin: '6px 0 0', paddingLeft: 20 }}>
              {section.rows.map((row) => (
                <li key={row.id}>{row.title}</li>
              ))}
            </ul>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * One message as the customer saw it in WhatsApp: theirs on the right in green, the bot's and the
 * agents' on the left, with the time and, for a reply, its ticks and Meta's reason of a failure.
 */
function Bubble({ message }: { message: BotThreadMessage }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mine = message.direction === 'in';
  const who = mine
    ? t('botMessages.thread.customer')
    : message.step === PERSON_REPLY_STEP
      ? t('botMessages.thread.person')
      : t('botMessages.thread.bot');
  return (
    <li
      data-testid="bot-message"
      data-direction={message.direction}
      style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', margin: '6px 0' }}
    >
      <div
        style={{
          maxWidth: 'min(520px, 85%)',
          padding: '6px 10px',
          borderRadius: 10,
          background: mine ? token.colorSuccessBg : token.colorBgContainer,
          border: `1px solid ${mine ? token.colorSuccessBorder : token.colorBorderSecondary}`,
          color: token.colorText,
          overflowWrap: 'anywhere',
        }}
      >
        <div style={{ fontSize: 12, fontWeight: 600, color: token.colorTextSecondary }}>{who}</div>
        {mine ? (
          <div style={{ whiteSpace: 'pre-wrap' }}>
            {message.choiceId ? <span className="visually-hidden">{t('botMessages.thread.chose')}: </span> : null}
            {message.choiceId ? <Tag style={{ marginInlineEnd: 0 }}>{message.text}</Tag> : message.text}
          </div>
        ) : (
          <ReplyContent message={message} />
        )}
        <Flex justify="flex-end" align="center" gap={6} style={{ fontSize: 12, color: token.colorTextSecondary, marginTop: 2 }}>
          <time dateTime={message.at}>{formatDateTime(message.at)}</time>
          {mine ? null : <Ticks status={message.status} />}
        </Flex>
        {message.status === 'failed' ? (
          <div style={{ fontSize: 12, color: token.colorErrorText, marginTop: 2 }} data-testid="bot-message-failure">
            {message.errorCode !== null
              ? t('botMessages.thread.failureCode', { code: message.errorCode, reason: message.errorTitle ?? '' })
              : t('botMessages.thread.failure', { reason: message.errorTitle ?? '' })}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** The reply box: a person's text inside the 24-hour window; outside it, why not. */
function ReplyBox({ botId, phone, thread }: { botId: string; phone: string; thread: BotThreadAnswer }) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const { message } = App.useApp();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ text: string }>();
  const [sending, setSending] = useState(false);
  const allowed = can('botEdit');
  const last = thread.lastInboundAt;
  const send = async (data: { text: string } | { template: true }) => {
    setSending(true);
    try {
      await api.post(`/bot/${botId}/messages/${phone}`, { data });
      if ('text' in data) form.resetFields();
      message.success(t('text' in data ? 'botMessages.reply.sent' : 'botMessages.reply.templateSent'));
      await queryClient.invalidateQueries({ queryKey: threadKey(botId, phone) });
    } catch (error) {
      // Outside the window meanwhile: the thread says so once read again.
      if (error instanceof ApiError && error.status === 400) void queryClient.invalidateQueries({ queryKey: threadKey(botId, phone) });
      handleError(error);
    } finally {
      setSending(false);
    }
  };
  if (!allowed) return <Typography.Paragraph type="secondary">{t('botMessages.reply.noPermission')}</Typography.Paragraph>;
  if (!thread.canReply) {
    return (
      <Flex vertical gap={8}>
        <Alert
          type="info"
          showIcon
          data-testid="bot-reply-outside"
          title={last ? t('botMessages.reply.outside', { date: formatDateTime(last) }) : t('botMessages.reply.outsideNever')}
        />
        {thread.template ? (
          <div>
            <Button loading={sending} onClick={() => void send({ template: true })} {...tagForTests('bot-reply-template')}>
              {t('botMessages.reply.template', { name: thread.template.name })}
            </Button>
            <Typography.Paragraph type="secondary" style={{ marginTop: 4 }}>
              {t('botMessages.reply.templateHint')}
            </Typography.Paragraph>
          </div>
        ) : (
          <Typography.Paragraph type="secondary">{t('botMessages.reply.noTemplate')}</Typography.Paragraph>
        )}
      </Flex>
    );
  }
  return (
    <Form form={form} layout="vertical" onFinish={send} data-testid="bot-reply">
      <Form.Item
        name="text"
        label={t('botMessages.reply.label')}
        extra={last ? t('botMessages.reply.window', { date: formatDateTime(new Date(new Date(last).getTime() + WINDOW_MS)) }) : undefined}
        rules={[{ required: true, whitespace: true, message: t('validation.mixed.required', { label: t('botMessages.fields.text') }) }]}
      >
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={4096}
          placeholder={t('botMessages.reply.placeholder')}
          {...tagForTests('bot-reply-text')}
          onKeyDown={(event) => {
            // Ctrl/⌘+Enter sends, as in chat apps; Enter alone is a new line.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) form.submit();
          }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending} {...tagForTests('bot-reply-send')}>
        {t('botMessages.reply.send')}
      </Button>
    </Form>
  );
}

/**
 * /bot/:id/messages/:phoneNumber: a phone's thread as the customer saw it, the newest page first
 * (older pages on demand), kept live: a message of this phone stored or moved (GET /live,
 * `botMessage.changed`) reads the thread again and a customer's new message is announced.
 */
export function ThreadView({ botId, phone }: { botId: string; phone: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState<number | undefined>(undefined);
  const [connected, setConnected] = useState(false);
  useLiveConnected(setConnected);
  const thread = useQuery({
    queryKey: [...threadKey(botId, phone), offset],
    queryFn: () => api.get<BotThreadAnswer>(`/bot/${botId}/messages/${phone}`, { limit: PAGE, offset }),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  useLiveEvents((message: LiveMessage) => {
    if (message.name === 'ready') {
      void queryClient.invalidateQueries({ queryKey: threadKey(botId, phone) });
      return;
    }
    const event = message as LiveEvent;
    if (event.name !== 'botMessage.changed' || event.payload.botId !== botId || !isSamePhone(event.payload.waId, phone)) return;
    void queryClient.invalidateQueries({ queryKey: threadKey(botId, phone) });
    void queryClient.invalidateQueries({ queryKey: conversationsKey(botId) });
    if (event.payload.direction === 'in') announce(t('botMessages.thread.announce', { who: t('botMessages.thread.customer') }));
  });

  // The newest page opens at its end, as a chat does, and follows new messages there.
  const region = useRef<HTMLElement>(null);
  const rows = thread.data?.rows ?? [];
  const lastId = rows.at(-1)?.id;
  useEffect(() => {
    // The thread's own scroll, not the page's: the title and the reply box stay where they are.
    const box = region.current;
    if (offset === undefined && lastId && box) box.scrollTop = box.scrollHeight;
  }, [lastId, offset]);

  if (thread.isPending) return <Spin />;
  if (thread.isError && !thread.data) {
    const missing = thread.error instanceof ApiError && thread.error.status === 404;
    return (
      <Alert
        type={missing ? 'warning' : 'error'}
        showIcon
        title={missing ? t('botMessages.thread.notFound') : t('botMessages.thread.loadFailed')}
        action={missing ? undefined : <Button onClick={() => void thread.refetch()}>{t('botMessages.list.retry')}</Button>}
      />
    );
  }
  const data = thread.data as BotThreadAnswer;
  const first = offset ?? Math.max(0, data.count - PAGE);
  const hasOlder = first > 0;
  const hasNewer = first + rows.length < data.count;
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        <Tag color={connected ? 'green' : 'default'} data-testid="bot-thread-live">
          {connected ? t('botMessages.thread.live.on') : t('botMessages.thread.live.off')}
        </Tag>
        <Typography.Text>{t('botMessages.thread.step', { step: stepText(t, data.step) })}</Typography.Text>
        <HandOffTag state={data.handOff} />
      </Flex>
      {hasOlder ? (
        <Button onClick={() => setOffset(Math.max(0, first - PAGE))} style={{ alignSelf: 'center' }}>
          {t('botMessages.thread.older')}
        </Button>
      ) : null}
      <section
        ref={region}
        aria-label={t('botMessages.thread.region')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling thread must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        data-testid="bot-thread"
        style={{
          maxHeight: '60vh',
          overflowY: 'auto',
          padding: '4px 8px',
          borderRadius: 8,
          background: 'var(--ant-color-fill-quaternary, transparent)',
        }}
      >
        {rows.length ? (
          <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((message) => (
              <Bubble key={message.id} message={message} />
            ))}
          </ol>
        ) : (
          <Empty description={t('botMessages.thread.empty')} />
        )}
      </section>
      {hasNewer ? (
        <Button onClick={() => setOffset(first + PAGE + PAGE >= data.count ? undefined : first + PAGE)} style={{ alignSelf: 'center' }}>
          {t('botMessages.thread.newer')}
        </Button>
      ) : null}
      <ReplyBox botId={botId} phone={phone} thread={data} />
    </Flex>
  );
}
