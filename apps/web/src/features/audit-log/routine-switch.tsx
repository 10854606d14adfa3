import { ROUTINE_TERMINAL_ACTIONS } from '@ebox/domain';
import { Flex, Switch, Tooltip } from 'antd';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { listStateOf } from '../../kit/list/list-state';

/** The URL's word for the switch turned off; on (the default) leaves the address as it was. */
const SHOWN = 'shown';
const PARAM = 'routine';

function isRoutineAction(action: unknown): boolean {
  return typeof action === 'string' && (ROUTINE_TERMINAL_ACTIONS as readonly string[]).includes(action);
}

/**
 * The log's "hide the terminals' routine reports" switch (docs/decisions.md "The terminals' routine
 * reports"): on by default, kept in the URL when turned off, sent as `filter[routine]=false`. An
 * action chosen in the filter that is itself a routine report (door opened) is what the reader asked
 * for: the switch then stands aside rather than hide every row.
 */
export function useRoutineFilter(): { fixedFilter: Record<string, unknown> | undefined; control: ReactNode } {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const hidden = params.get(PARAM) !== SHOWN;
  const actionAsked = isRoutineAction(listStateOf(params).filter.action);
  const applies = hidden && !actionAsked;
  const fixedFilter = useMemo(() => (applies ? { routine: false } : undefined), [applies]);
  const toggle = (hide: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (hide) next.delete(PARAM);
        else next.set(PARAM, SHOWN);
        // The rows change: the page the reader was on may no longer exist.
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  // The help is on the words, not the switch: it would otherwise cover the page's title after each click.
  const control = (
    <Flex component="span" gap={8} align="center" style={{ display: 'inline-flex' }}>
      <Switch id={id} size="small" checked={hidden} disabled={actionAsked} onChange={toggle} data-testid="audit-routine-switch" />
      <Tooltip title={actionAsked ? t('auditLog.routine.appliesToAction') : t('auditLog.routine.help')}>
        <label htmlFor={id}>{t('auditLog.routine.hide')}</label>
      </Tooltip>
    </Flex>
  );
  return { fixedFilter, control };
}
