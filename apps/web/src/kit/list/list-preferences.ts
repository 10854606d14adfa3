import { isPlainObject } from '@ebox/domain';
import { useCallback, useState } from 'react';
import { useCurrentUser } from '../../app/current-user';

/**
 * What a user chooses for a list (the columns shown, named filter sets), kept in this browser's
 * localStorage under the user's id and the entity: another user of the same browser keeps theirs,
 * and nothing is sent to the server. A value that cannot be read (storage off, old shape) is the default.
 */
function storageKey(userId: string, entityName: string, what: string): string {
  return `ebox.list.${userId}.${entityName}.${what}`;
}

function read<T>(key: string, fallback: T, isValid: (value: unknown) => value is T): T {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return fallback;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

export function useListPreference<T>(
  entityName: string,
  what: string,
  fallback: T,
  isValid: (value: unknown) => value is T,
): [T, (value: T | undefined) => void] {
  const { user } = useCurrentUser();
  const key = storageKey(user?.id ?? 'anonymous', entityName, what);
  const [state, setState] = useState<{ key: string; value: T }>(() => ({ key, value: read(key, fallback, isValid) }));
  // Another entity or user on the same component reads its own value.
  const value = state.key === key ? state.value : read(key, fallback, isValid);
  const store = useCallback(
    (next: T | undefined) => {
      try {
        if (next === undefined) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or disabled: the choice lasts until the page is left.
      }
      setState({ key, value: next ?? fallback });
    },
    [key, fallback],
  );
  return [value, store];
}

export function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

export type SavedFilter = { name: string; filter: Record<string, unknown> };

export function isSavedFilterList(value: unknown): value is SavedFilter[] {
  return Array.isArray(value) && value.every((item) => isPlainObject(item) && typeof item.name === 'string' && isPlainObject(item.filter));
}
