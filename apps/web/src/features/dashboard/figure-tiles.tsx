import type { DashboardAnswer, DashboardFigure } from '@ebox/domain';
import { Card, Skeleton, Statistic, Tooltip, Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardFilter } from './dashboard-filter';
import { changeOf, type FigureKind, formatChangeAmount, formatCount, formatDuration, formatRate } from './dashboard-format';
import { type ListLink, type OrderFigure, orderListLinkOf } from './dashboard-links';
import { NoValue } from './dashboard-parts';

type FigureName = keyof DashboardAnswer['figures'];

type TileDeclaration = {
  name: FigureName;
  kind: FigureKind;
  /** Whether a rise is good news (more deposits) or bad (more expiries, longer waits): the change's colour. */
  riseIsGood: boolean;
  /** The order list the figure opens. */
  list: OrderFigure;
};

/** The period's tiles, in the order an operator reads them: the flow, then how well it went. */
const TILES: TileDeclaration[] = [
  { name: 'created', kind: 'count', riseIsGood: true, list: 'created' },
  { name: 'stored', kind: 'count', riseIsGood: true, list: 'stored' },
  { name: 'collected', kind: 'count', riseIsGood: true, list: 'collected' },
  { name: 'expired', kind: 'count', riseIsGood: false, list: 'expired' },
  { name: 'canceled', kind: 'count', riseIsGood: false, list: 'canceled' },
  { name: 'uncollectedRate', kind: 'rate', riseIsGood: false, list: 'expired' },
  { name: 'dwellP50', kind: 'duration', riseIsGood: false, list: 'collected' },
  { name: 'dwellP90', kind: 'duration', riseIsGood: false, list: 'collected' },
  { name: 'dwellP95', kind: 'duration', riseIsGood: false, list: 'collected' },
];

const GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(175px, 1fr))', gap: 12 } as const;

function formatFigure(value: number, kind: FigureKind, language: string, t: TFunction): string {
  if (kind === 'rate') return formatRate(value, language);
  if (kind === 'duration') return formatDuration(value, t);
  return formatCount(value, language);
}

/** Why a figure has no value: the API answers null for created with a locker filter, and when there is nothing to measure. */
function nullReasonOf(name: FigureName, filter: DashboardFilter, t: TFunction): string {
  if (name === 'created' && filter.ebox) return t('dashboardPage.nullWhy.createdWithLocker');
  if (name === 'uncollectedRate') return t('dashboardPage.nullWhy.noStored');
  if (name.startsWith('dwell')) return t('dashboardPage.nullWhy.noPickup');
  return t('dashboardPage.nullWhy.none');
}

function hintOf(name: FigureName, t: TFunction): string {
  if (name === 'dwellP50' || name === 'dwellP90' || name === 'dwellP95')
    return t('dashboardPage.hints.dwell', { share: `${name.slice(-2)} %` });
  return t(`dashboardPage.hints.${name}`);
}

/**
 * The change against the previous period: an arrow and the amount, coloured good or bad, said in full
 * to a screen reader. Exported for the figures outside the tiles (the door failures) to read alike.
 */
export function Change({ figure, declaration }: { figure: DashboardFigure; declaration: Pick<TileDeclaration, 'kind' | 'riseIsGood'> }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const change = changeOf(figure, declaration.kind);
  const style = { fontSize: token.fontSizeSM, display: 'block', marginTop: 4 };
  if (change.kind === 'none') {
    return (
      <Typography.Text type="secondary" style={style} data-testid="figure-change">
        {t('dashboardPage.change.noPrevious')}
      </Typography.Text>
    );
  }
  const previous = figure.previous === null ? '' : formatFigure(figure.previous, declaration.kind, i18n.language, t);
  if (change.kind === 'same') {
    return (
      <Typography.Text type="secondary" style={style} data-testid="figure-change">
        <span aria-hidden="true">=</span> {t('dashboardPage.change.same', { previous })}
      </Typography.Text>
    );
  }
  const amount = formatChangeAmount(change, declaration.kind, i18n.language, t);
  const good = (change.kind === 'up') === declaration.riseIsGood;
  const sentence = t(`dashboardPage.change.${change.kind}`, { value: amount, previous });
  return (
    <Tooltip title={sentence}>
      <span style={{ ...style, color: good ? token.colorSuccessText : token.colorErrorText }} data-testid="figure-change">
        <span aria-hidden="true">
          {change.kind === 'up' ? '▲' : '▼'} {amount}{' '}
          <span style={{ color: token.colorTextSecondary }}>{t('dashboardPage.change.versus')}</span>
        </span>
        <span className="visually-hidden">{sentence}</span>
      </span>
    </Tooltip>
  );
}

/** The tile's name, as the link to the list behind it when there is one (and why not, when not). */
function TileTitle({ label, hint, link, t }: { label: string; hint: string; link: ListLink; t: TFunction }) {
  if (link.kind === 'tooLong' || link.kind === 'none') {
    const why = link.kind === 'tooLong' ? ` ${t('dashboardPage.links.tooLong', { days: link.days })}` : '';
    return (
      <Tooltip title={`${hint}.${why}`}>
        <span>{label}</span>
      </Tooltip>
    );
  }
  const opens = t('dashboardPage.links.inPeriod', { figure: label });
  return (
    <Tooltip title={`${hint}. ${opens}`}>
      <Link to={link.to} data-testid="figure-link">
        {label}
        <span className="visually-hidden"> ({opens})</span>
      </Link>
    </Tooltip>
  );
}

function Tile({ testId, title, value, footer }: { testId: string; title: ReactNode; value: ReactNode; footer?: ReactNode }) {
  return (
    <Card size="small" data-testid={testId} styles={{ body: { padding: 16, height: '100%' } }}>
      <Statistic
        title={title}
        value={0}
        formatter={() => <span data-testid="figure-value">{value}</span>}
        styles={{ content: { fontSize: 24, lineHeight: 1.3, whiteSpace: 'nowrap' } }}
      />
      {footer}
    </Card>
  );
}

/** The period's figures as tiles: value, change against the previous period, and the list behind it. */
export function FigureTiles({ answer, filter }: { answer: DashboardAnswer; filter: DashboardFilter }) {
  const { t, i18n } = useTranslation();
  return (
    <div style={GRID} data-testid="dashboard-figures">
      {TILES.map((declaration) => {
        const figure = answer.figures[declaration.name];
        const label = t(`dashboardPage.figures.${declaration.name}`);
        const link = orderListLinkOf(declaration.list, filter, answer.from, answer.to);
        return (
          <Tile
            key={declaration.name}
            testId={`figure-${declaration.name}`}
            title={<TileTitle label={label} hint={hintOf(declaration.name, t)} link={link} t={t} />}
            value={
              figure.value === null ? (
                <NoValue why={nullReasonOf(declaration.name, filter, t)} />
              ) : (
                formatFigure(figure.value, declaration.kind, i18n.language, t)
              )
            }
            footer={<Change figure={figure} declaration={declaration} />}
          />
        );
      })}
      <Tile
        testId="figure-revenue"
        title={
          <Tooltip title={t('dashboardPage.revenue.hint')}>
            <span>{t('dashboardPage.figures.revenue')}</span>
          </Tooltip>
        }
        value={
          <Typography.Text type="secondary" style={{ fontSize: 16, whiteSpace: 'normal', display: 'block', lineHeight: 1.4 }}>
            {answer.revenue.available ? '—' : t('dashboardPage.revenue.unavailable')}
          </Typography.Text>
        }
      />
    </div>
  );
}

/** The tiles' places while the first answer is on its way. */
export function FigureTilesLoading() {
  return (
    <div style={GRID} aria-hidden="true">
      {[...TILES.map((tile) => tile.name), 'revenue'].map((name) => (
        <Card key={name} size="small">
          <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 2, width: ['40%', '70%'] }} />
        </Card>
      ))}
    </div>
  );
}
