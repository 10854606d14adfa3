import type { EntityDeclaration } from '@ebox/domain';
import type { KeyboardEvent } from 'react';
import { useMemo, useState } from 'react';
import { api } from '../../app/api-client';
import { errorStatusOf, useErrorHandler } from '../../app/error-handler';
import { endpointsOf } from '../../kit/entity-api';
import { EntityFormPage } from '../../kit/form/entity-form-page';
import { useRouteEntity } from '../../kit/route-entity';
import { InboundScanner, ScanSessionContext } from './inbound-scanner';
import { type InboundSearchRow, ScanSession } from './scan-session';
import './messages';

/** The codes come first, where the focus starts; then what the inbound records about them. */
const FORM_SECTIONS = [
  { key: 'scan', fields: ['orders'] },
  { key: 'details', fields: ['company', 'warehouse', 'deliveryWindow', 'name', 'notes'] },
] as const;

const searchCodes = async (codes: string[]) =>
  (await api.post<{ rows: InboundSearchRow[] }>('/inbound/search', { data: { trackingCodes: codes } })).rows;

/**
 * A form's Enter submits it from any single-line field; here a scanner's Enter landing in the wrong
 * field would save a half-read inbound. Saving takes the Save button (a click, or Enter on it).
 */
function keepEnterFromSubmitting(event: KeyboardEvent<HTMLDivElement>) {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target instanceof HTMLInputElement) event.preventDefault();
}

/**
 * /inbound/new (issue 30): the kit's create form of an inbound, whose orders are read by scanning
 * or pasting tracking codes (InboundScanner). A save the API refuses because some orders can no
 * longer be received (moved meanwhile) asks again about every found code, so their rows say why;
 * nothing read or typed is lost.
 */
export function InboundFormPage() {
  const routeEntity = useRouteEntity();
  const handleError = useErrorHandler();
  const [session] = useState(() => new ScanSession(searchCodes, { onError: handleError }));
  const entity = useMemo<EntityDeclaration>(() => ({ ...routeEntity, formSections: FORM_SECTIONS }), [routeEntity]);
  const create = useMemo(() => {
    const endpoints = endpointsOf(entity);
    return async (data: Record<string, unknown>) => {
      try {
        return await endpoints.create(data);
      } catch (error) {
        if (errorStatusOf(error) === 400) session.recheckFound();
        throw error;
      }
    };
  }, [entity, session]);
  return (
    <ScanSessionContext.Provider value={session}>
      <div onKeyDown={keepEnterFromSubmitting}>
        <EntityFormPage entity={entity} inputs={{ orders: InboundScanner }} create={create} />
      </div>
    </ScanSessionContext.Provider>
  );
}
