import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { isRelationRef, type RelationRef, relationRefsOf } from '@ebox/domain';
import { orderByDistance, routeMetres } from '@ebox/domain/routes/order-by-distance';
import { Alert, App, Button, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../../app/announcer';
import { useCurrentUser } from '../../app/current-user';
import type { FieldInputProps } from '../../kit/fields/field-input';
import { RelationSelect } from '../../kit/fields/relation-select';
import { formatDistance, routeStopsOf, type StopDetails, useStopDetails } from './route-stops';
import { STOP_STYLES as S } from './route-stops-styles';

/** What "order by distance" last did, shown until the stops change by hand again (then the total says the rest). */
type Proposal = { before: number; after: number; withoutCoordinates: string[]; changed: boolean };

type FocusRequest = { id: string; action: 'up' | 'down' };

/**
 * A route's stops as the ordered list the courier drives (issue 30, item 5): each locker's code, name
 * and address, moved up and down by buttons (keyboard and screen reader friendly: the focus follows
 * the moved stop and its new place is said), removed, or added at the end with the locker picker; and
 * "order by distance", which proposes the order from the lockers' coordinates (the domain's nearest
 * neighbour with 2-opt) and says the total distance before and after. A locker is a stop once.
 */
export function RouteStopsInput({ value, onChange, id, disabled, 'aria-describedby': describedBy }: FieldInputProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { can } = useCurrentUser();
  const stops = relationRefsOf(value);
  const details = useStopDetails(stops.map((stop) => stop.id));
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  // The stop being dragged and the row it is over (its place if dropped now).
  const [drag, setDrag] = useState<{ from: number; over: number } | null>(null);
  // The picker starts empty again after each pick (a new one: the select would keep showing the last label).
  const [picks, setPicks] = useState(0);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const km = (metres: number) => formatDistance(t, i18n.language, metres);
  const labelOf = (stop: RelationRef) => details.data?.get(stop.id)?.code || stop.label;

  useEffect(() => {
    if (!focus) return;
    const button = buttons.current.get(`${focus.id}:${focus.action}`);
    // At the top or the bottom the pressed button is disabled: the other one keeps the focus on the stop.
    const other = buttons.current.get(`${focus.id}:${focus.action === 'up' ? 'down' : 'up'}`);
    (button && !button.disabled ? button : other)?.focus();
    setFocus(null);
  }, [focus]);

  const change = (next: RelationRef[]) => {
    setProposal(null);
    onChange?.(next);
  };
  const move = (from: number, to: number, by: 'button' | 'drag' = 'button') => {
    if (from === to) return;
    const next = [...stops];
    const [stop] = next.splice(from, 1);
    if (!stop) return;
    next.splice(to, 0, stop);
    change(next);
    // A button keeps the focus on the moved stop; a drop leaves it where the mouse is.
    if (by === 'button') setFocus({ id: stop.id, action: to < from ? 'up' : 'down' });
    announce(t('routePage.stops.moved', { label: labelOf(stop), position: to + 1, count: next.length }));
  };
  const remove = (index: number) => {
    const stop = stops[index];
    if (!stop) return;
    change(stops.filter((_, i) => i !== index));
    announce(t('routePage.stops.removed', { label: labelOf(stop) }));
  };
  const add = (picked: RelationRef) => {
    setPicks((count) => count + 1);
    const at = stops.findIndex((stop) => stop.id === picked.id);
    if (at >= 0) {
      message.warning(t('routePage.stops.alreadyIn', { label: picked.label, position: at + 1 }));
      return;
    }
    change([...stops, picked]);
    announce(t('routePage.stops.added', { label: picked.label, position: stops.length + 1 }));
  };

  const located = routeStopsOf(stops, details.data);
  const locatedCount = located.filter((stop) => stop.latitude !== null && stop.longitude !== null).length;
  const orderStops = () => {
    const result = orderByDistance(located);
    const byId = new Map(stops.map((stop) => [stop.id, stop]));
    const next = result.order.map((stopId) => byId.get(stopId)).filter((stop): stop is RelationRef => Boolean(stop));
    const changed = next.some((stop, index) => stop.id !== stops[index]?.id);
    onChange?.(next);
    const outcome: Proposal = {
      before: result.metresBefore,
      after: result.metresAfter,
      withoutCoordinates: result.withoutCoordinates.map((stopId) => labelOf(byId.get(stopId) ?? { id: stopId, label: stopId })),
      changed,
    };
    setProposal(outcome);
    announce(proposalText(outcome));
  };
  const proposalText = (outcome: Proposal) =>
    [
      outcome.changed
        ? t('routePage.distance.ordered', { before: km(outcome.before), after: km(outcome.after) })
        : t('routePage.distance.alreadyShortest', { distance: km(outcome.after) }),
      outcome.withoutCoordinates.length
        ? t('routePage.distance.withoutCoordinates', { lockers: outcome.withoutCoordinates.join(', ') })
        : '',
    ]
      .filter(Boolean)
      .join(' ');

  const readsLockers = can('eboxRead');
  return (
    <div style={S.root} id={id} aria-describedby={describedBy} data-testid="route-stops">
      {stops.length === 0 ? (
        <Typography.Text type="secondary">{t('routePage.stops.empty')}</Typography.Text>
      ) : (
        <ol style={S.list} aria-label={t('routePage.stops.listLabel')}>
          {stops.map((stop, index) => {
            const found = details.data?.get(stop.id);
            const label = labelOf(stop);
            return (
              <li
                key={stop.id}
                style={{
                  ...S.stop,
                  ...(drag?.from === index ? S.dragged : {}),
                  ...(drag && drag.over === index && drag.from !== index ? (drag.from < index ? S.dropAfter : S.dropBefore) : {}),
                }}
                data-testid="route-stop"
                data-stop-id={stop.id}
                draggable={!disabled}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  // Firefox starts a drag only with some data.
                  event.dataTransfer.setData('text/plain', label);
                  setDrag({ from: index, over: index });
                }}
                onDragOver={(event) => {
                  if (!drag) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                  if (drag.over !== index) setDrag({ ...drag, over: index });
                }}
                onDrop={(event) => {
                  if (!drag) return;
                  event.preventDefault();
                  setDrag(null);
                  move(drag.from, index, 'drag');
                }}
                onDragEnd={() => setDrag(null)}
              >
                {!disabled && (
                  <span style={S.handle} title={t('routePage.stops.drag', { label })} aria-hidden data-testid="route-stop-handle">
                    <HolderOutlined />
                  </span>
                )}
                <span style={S.number} aria-hidden>
                  {index + 1}
                </span>
                <span className="visually-hidden">{t('routePage.stops.position', { position: index + 1 })}</span>
                <StopText stop={stop} found={found} />
                <Space.Compact style={S.actions}>
                  <Button
                    ref={(node) => setButton(buttons.current, `${stop.id}:up`, node)}
                    icon={<ArrowUpOutlined />}
                    disabled={disabled || index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={t('routePage.stops.moveUp', { label })}
                    title={t('routePage.stops.moveUp', { label })}
                  />
                  <Button
                    ref={(node) => setButton(buttons.current, `${stop.id}:down`, node)}
                    icon={<ArrowDownOutlined />}
                    disabled={disabled || index === stops.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={t('routePage.stops.moveDown', { label })}
                    title={t('routePage.stops.moveDown', { label })}
                  />
                  <Button
                    icon={<DeleteOutlined />}
                    disabled={disabled}
                    onClick={() => remove(index)}
                    aria-label={t('routePage.stops.remove', { label })}
                    title={t('routePage.stops.remove', { label })}
                  />
                </Space.Compact>
              </li>
            );
          })}
        </ol>
      )}
      <RelationSelect
        key={picks}
        autoFocus={picks > 0}
        target="ebox"
        value={null}
        ariaLabel={t('routePage.stops.add')}
        placeholder={t('routePage.stops.add')}
        disabled={disabled}
        style={{ width: '100%' }}
        onChange={(picked) => {
          if (isRelationRef(picked)) add(picked);
        }}
      />
      {readsLockers && stops.length > 0 && (
        <div style={S.distance}>
          <Space wrap size="small" align="center">
            <Button
              icon={<NodeIndexOutlined />}
              onClick={orderStops}
              disabled={disabled || details.isFetching || locatedCount < 2}
              loading={details.isFetching && !details.data}
              data-testid="route-order-by-distance"
            >
              {t('routePage.distance.order')}
            </Button>
            {locatedCount >= 2 && (
              <Typography.Text data-testid="route-total-distance">
                {t('routePage.distance.total', { distance: km(routeMetres(located)) })}
              </Typography.Text>
            )}
          </Space>
          <Typography.Text type="secondary" style={S.hint}>
            {details.isFetching && !details.data
              ? t('routePage.distance.loading')
              : locatedCount < 2
                ? t('routePage.distance.needsTwo')
                : t('routePage.distance.hint')}
          </Typography.Text>
          {proposal && (
            <Alert
              type={proposal.withoutCoordinates.length ? 'warning' : 'success'}
              showIcon
              title={proposalText(proposal)}
              data-testid="route-distance-result"
            />
          )}
        </div>
      )}
    </div>
  );
}

function setButton(map: Map<string, HTMLButtonElement>, key: string, node: HTMLButtonElement | HTMLAnchorElement | null) {
  if (node instanceof HTMLButtonElement) map.set(key, node);
  else map.delete(key);
}

/** A stop's locker: code and name on the first line, where it stands on the second (a label alone when not read). */
export function StopText({ stop, found }: { stop: RelationRef; found: StopDetails | undefined }) {
  const { t } = useTranslation();
  const noCoordinates = found && (found.latitude === null || found.longitude === null);
  return (
    <span style={S.text}>
      <span style={S.title}>
        {found?.code ? <Typography.Text strong>{found.code}</Typography.Text> : null}
        <Typography.Text>{found?.name || stop.label}</Typography.Text>
      </span>
      {(found?.place || noCoordinates) && (
        <Typography.Text type="secondary" style={S.place}>
          {[found?.place, noCoordinates ? t('routePage.stops.noCoordinates') : ''].filter(Boolean).join(' · ')}
        </Typography.Text>
      )}
    </span>
  );
}
