import { relationRefsOf } from '@ebox/domain';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDisplayProps } from '../../kit/fields/field-display';
import { EntityViewPage } from '../../kit/view/entity-view-page';
import { useStopDetails } from './route-stops';
import { StopText } from './route-stops-input';
import { STOP_STYLES as S } from './route-stops-styles';
import './messages';

/** The stops in the order the courier drives them, numbered, each with its locker's code, name and address. */
function RouteStopsDisplay({ value }: FieldDisplayProps) {
  const { t } = useTranslation();
  const stops = relationRefsOf(value);
  const details = useStopDetails(stops.map((stop) => stop.id));
  if (!stops.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <ol style={S.list} aria-label={t('routePage.stops.listLabel')} data-testid="route-view-stops">
      {stops.map((stop, index) => (
        <li key={stop.id} style={S.stop} data-testid="route-view-stop" data-stop-id={stop.id}>
          <span style={S.number} aria-hidden>
            {index + 1}
          </span>
          <span className="visually-hidden">{t('routePage.stops.position', { position: index + 1 })}</span>
          <StopText stop={stop} found={details.data?.get(stop.id)} />
        </li>
      ))}
    </ol>
  );
}

const ROUTE_DISPLAYS = { ebox: RouteStopsDisplay };

/** /route/:id: the route with its stops as a numbered list in drive order. */
export function RouteViewPage() {
  return <EntityViewPage displays={ROUTE_DISPLAYS} />;
}
