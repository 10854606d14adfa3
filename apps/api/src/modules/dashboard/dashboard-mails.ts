import {
  type DashboardAlert,
  type DashboardAnswer,
  type DashboardFigure,
  formatDateTimeInZone,
  isTimeZone,
  LANGUAGES,
  type Language,
  localClockOf,
  translatorFor,
} from '@ebox/domain';
import type { TFunction } from 'i18next';
import { type CurrentUser, loadCurrentUser } from '../../platform/auth/current-user';
import { contextOf, inTransaction, type ServiceContext } from '../../platform/context';
import { escapeHtml, type MailMessage } from '../../platform/mail';
import { sendMessage } from '../../platform/messages';
import { claimDashboardMail, readCompanyZones, readMailRecipients } from './alert-repository';
import { readAlertsOf, readDashboard } from './dashboard-service';

/**
 * The dashboard's mails (docs/dashboard.md "Mails"), for the users who asked for them on their
 * profile: the daily digest of open alerts at 07:00 and, on Mondays at 07:00, last week's figures.
 * The hourly job finds whose clock shows 7 o'clock: a user limited to companies of one time zone
 * (company settings) gets them in that zone, everyone else in the network's. Each mail is claimed
 * per user and local day with the outbox row in one transaction, so a retried or doubled run sends
 * it once. Each is read with the recipient's own rights.
 */

const SEND_HOUR = 7;
const MONDAY = 1;
const LISTED_ALERTS = 30;

/** The zone of a user's mails: their companies' one zone, else the network's. */
async function zoneOf(ctx: ServiceContext, user: CurrentUser): Promise<string> {
  const network = ctx.deps.config.networkTimeZone;
  if (!user.allowedCompanyIds.length) return network;
  const zones = new Set(
    (await readCompanyZones(ctx.deps.db, user.allowedCompanyIds)).map((zone) => (zone && isTimeZone(zone) ? zone : network)),
  );
  return zones.size === 1 ? ([...zones][0] ?? network) : network;
}

/** The hourly run: each user's digest and weekly summary, when their clock shows 7 o'clock. */
export async function sendDashboardMails(ctx: ServiceContext, now = new Date()): Promise<{ digests: number; summaries: number }> {
  let digests = 0;
  let summaries = 0;
  for (const recipient of await readMailRecipients(ctx.deps.db)) {
    const user = await loadCurrentUser(ctx.deps.db, recipient.id);
    if (!user || user.disabled || !user.permissions.includes('orderRead')) continue;
    const timeZone = await zoneOf(ctx, user);
    const clock = localClockOf(now, timeZone);
    if (clock.hour !== SEND_HOUR) continue;
    const language: Language = LANGUAGES.find((known) => known === recipient.language) ?? 'pt-BR';
    const userCtx = contextOf(ctx.deps, { kind: 'user', user }, { language, log: ctx.log });
    const mail = { to: user.email, language, timeZone, appUrl: ctx.deps.config.appUrl, now };
    if (user.alertDigest) {
      const alerts = await readAlertsOf(userCtx, new Date(now.getTime() - 86_400_000));
      if (await sendOnce(ctx, user.id, 'alertDigest', clock.day, composeDigest(mail, alerts))) digests++;
    }
    if (user.weeklySummary && clock.weekday === MONDAY) {
      const answer = await readDashboard(userCtx, { filter: { period: 'lastWeek' } }, now);
      if (await sendOnce(ctx, user.id, 'weeklySummary', clock.day, composeWeeklySummary(mail, answer))) summaries++;
    }
  }
  return { digests, summaries };
}

export async function runDashboardMails(ctx: ServiceContext): Promise<void> {
  const sent = await sendDashboardMails(ctx);
  if (sent.digests || sent.summaries) ctx.log.info(sent, 'dashboard: mails sent');
}

/** Claims the user's mail of the day and puts it in the outbox together; false when already sent. */
async function sendOnce(ctx: ServiceContext, userId: string, kind: string, day: string, message: MailMessage): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    if (!(await claimDashboardMail(tx.tx, userId, kind, day))) return false;
    await sendMessage(tx, { channel: 'email', ...message });
    return true;
  });
}

type MailOf = { to: string; language: Language; timeZone: string; appUrl: string; now: Date };

function alertLineOf(t: TFunction, alert: DashboardAlert, timeZone: string): string {
  const { ebox, cluster } = alert;
  const subject = ebox ? (ebox.code ? `${ebox.name} (${ebox.code})` : ebox.name) : (cluster?.name ?? '');
  const what = t(`dashboardMails.alert.${alert.kind}`, {
    locker: subject,
    cluster: subject,
    value: alert.value,
    door: alert.compartiment?.number ?? '',
    company: alert.company?.name ?? '',
  });
  return `${t(`dashboardMails.levels.${alert.level}`)}: ${what}, ${t('dashboardMails.since', { at: formatDateTimeInZone(alert.since, timeZone) })}`;
}

/** Plain text for every client, and the same lines as simple HTML. */
function mailOf(mail: MailOf, subject: string, paragraphs: string[][], t: TFunction): MailMessage {
  const link = `${mail.appUrl}/`;
  const footer = [t('dashboardMails.open'), link, '', t('dashboardMails.settings')];
  const text = [...paragraphs.map((lines) => lines.join('\n')), footer.join('\n')].join('\n\n');
  const html = `<!doctype html>
<html lang="${mail.language}">
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f1f1f; line-height: 1.5">
${paragraphs.map((lines) => `    <p>${lines.map(escapeHtml).join('<br>')}</p>`).join('\n')}
    <p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #1677ff; color: #ffffff; border-radius: 6px; text-decoration: none">${escapeHtml(t('dashboardMails.open'))}</a></p>
    <p style="font-size: 13px; color: #595959">${escapeHtml(t('dashboardMails.settings'))}</p>
  </body>
</html>`;
  return { to: mail.to, subject, text, html, link };
}

type Alerts = Awaited<ReturnType<typeof readAlertsOf>>;

export function composeDigest(mail: MailOf, alerts: Alerts): MailMessage {
  const t = translatorFor(mail.language);
  const day = formatDateTimeInZone(mail.now.toISOString(), mail.timeZone).slice(0, 10);
  const subject = t('dashboardMails.digest.subject', { day, critical: alerts.critical, warning: alerts.warning });
  const listed = alerts.open.slice(0, LISTED_ALERTS).map((alert) => `• ${alertLineOf(t, alert, mail.timeZone)}`);
  const hidden = alerts.critical + alerts.warning - listed.length;
  return mailOf(
    mail,
    subject,
    [
      [t('dashboardMails.digest.intro', { at: formatDateTimeInZone(mail.now.toISOString(), mail.timeZone), timeZone: mail.timeZone })],
      listed.length
        ? [...listed, ...(hidden > 0 ? [t('dashboardMails.digest.more', { count: hidden })] : [])]
        : [t('dashboardMails.digest.none')],
      [t('dashboardMails.digest.lastDay', { raised: alerts.raised, resolved: alerts.resolved })],
    ],
    t,
  );
}

function durationOf(t: TFunction, seconds: number | null): string {
  if (seconds === null) return t('dashboardMails.weekly.none');
  return seconds >= 3_600
    ? t('dashboardMails.hours', { value: (seconds / 3_600).toFixed(1) })
    : t('dashboardMails.minutes', { value: Math.round(seconds / 60) });
}

const percentOf = (share: number | null, t: TFunction) =>
  share === null ? t('dashboardMails.weekly.none') : `${(share * 100).toFixed(1)} %`;

export function composeWeeklySummary(mail: MailOf, answer: DashboardAnswer): MailMessage {
  const t = translatorFor(mail.language);
  const dayOf = (iso: string) => formatDateTimeInZone(iso, answer.timeZone).slice(0, 10);
  const from = dayOf(answer.from);
  const to = dayOf(new Date(Date.parse(answer.to) - 1).toISOString());
  const { figures } = answer;
  const shown = (figure: DashboardFigure, format: (value: number | null) => string) =>
    t('dashboardMails.weekly.change', { value: format(figure.value), previous: format(figure.previous) });
  const count = (value: number | null) => (value === null ? t('dashboardMails.weekly.none') : String(value));
  const rows: [string, string][] = [
    ['created', shown(figures.created, count)],
    ['stored', shown(figures.stored, count)],
    ['collected', shown(figures.collected, count)],
    ['expired', shown(figures.expired, count)],
    ['uncollectedRate', shown(figures.uncollectedRate, (value) => percentOf(value, t))],
    ['dwellP50', shown(figures.dwellP50, (value) => durationOf(t, value))],
    ['dwellP95', shown(figures.dwellP95, (value) => durationOf(t, value))],
  ];
  const carriers = answer.byCarrier
    .filter((carrier) => carrier.stored > 0)
    .sort((a, b) => b.stored - a.stored)
    .slice(0, 5)
    .map((carrier) =>
      t('dashboardMails.weekly.carrier', {
        name: carrier.name ?? t('dashboardMails.weekly.noCarrier'),
        stored: carrier.stored,
        inTime: percentOf(carrier.storedInTime, t),
      }),
    );
  return mailOf(
    mail,
    t('dashboardMails.weekly.subject', { from, to, stored: figures.stored.value ?? 0 }),
    [
      [t('dashboardMails.weekly.intro', { from, to, timeZone: answer.timeZone })],
      rows.map(([key, value]) => `${t(`dashboardMails.weekly.figures.${key}`)}: ${value}`),
      ...(carriers.length ? [[t('dashboardMails.weekly.carriers'), ...carriers]] : []),
      [
        t('dashboardMails.weekly.openAlerts', { critical: answer.alerts.critical, warning: answer.alerts.warning }),
        t('dashboardMails.weekly.occupancy', { rate: percentOf(answer.now.occupancy.rate, t) }),
      ],
    ],
    t,
  );
}
