import type { RelationRef } from '@ebox/domain';
import type { RouteStop } from '@ebox/domain/routes/order-by-distance';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { type EntityRecord, entityKeys } from '../../kit/entity-api';

/** What a stop shows beside its label: the locker's code, name, where it stands and its coordinates. */
export type StopDetails = {
  id: string;
  code: string;
  name: string;
  place: string;
  latitude: number | null;
  longitude: number | null;
};

/** Ids per GET: 50 uuids keep the address well under any server's limit. */
const IDS_PER_REQUEST = 50;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function detailsOf(record: EntityRecord): StopDetails {
  const coordinates = (record.coordinates ?? {}) as { latitude?: unknown; longitude?: unknown };
  const street = [text(record.street), text(record.number)].filter(Boolean).join(', ');
  const city = [text(record.city), text(record.state)].filter(Boolean).join('/');
  return {
    id: record.id,
    code: text(record.code),
    name: text(record.name),
    place: [street, text(record.neighborhood), city].filter(Boolean).join(' · '),
    latitude: typeof coordinates.latitude === 'number' ? coordinates.latitude : null,
    longitude: typeof coordinates.longitude === 'number' ? coordinates.longitude : null,
  };
}

/**
 * The stops' lockers as the caller may read them (GET /ebox?filter[id][]=…, their scope): keyed by id.
 * Without eboxRead nothing is asked and the stops show their labels only.
 */
export function useStopDetails(ids: string[]) {
  const { can } = useCurrentUser();
  const allowed = can('eboxRead');
  const sorted = [...new Set(ids)].sort();
  return useQuery({
    queryKey: [...entityKeys.all('ebox'), 'route-stops', sorted],
    enabled: allowed && sorted.length > 0,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
    queryFn: async () => {
      const details = new Map<string, StopDetails>();
      for (let start = 0; start < sorted.length; start += IDS_PER_REQUEST) {
        const page = await api.get<{ rows: EntityRecord[] }>('/ebox', {
          filter: { id: sorted.slice(start, start + IDS_PER_REQUEST) },
          limit: IDS_PER_REQUEST,
          offset: 0,
        });
        for (const row of page.rows) details.set(row.id, detailsOf(row));
      }
      return details;
    },
  });
}

/** The stops as the distance order reads them (a stop not read has no coordinates). */
export function routeStopsOf(stops: RelationRef[], details: Map<string, StopDetails> | undefined): RouteStop[] {
  return stops.map((stop) => {
    const found = details?.get(stop.id);
    return { id: stop.id, latitude: found?.latitude ?? null, longitude: found?.longitude ?? null };
  });
}

/** Metres as people read a route's length: kilometres with one decimal in the reader's language. */
export function formatDistance(t: TFunction, language: string, metres: number): string {
  const value = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(metres / 1000);
  return t('routePage.distance.km', { value });
}
