import { createRequire } from 'node:module';

/**
 * A CommonJS package loaded on its first use rather than when the API starts, for the packages only
 * some requests need whose callers are synchronous (`await import()` serves the others). Every
 * package imported at the top of a module is loaded before `npm start` can answer, whether any
 * request ever needs it or not.
 */
export function lazyRequire<T>(name: string): () => T {
  const requireHere = createRequire(import.meta.url);
  let loaded: T | undefined;
  return () => {
    loaded ??= requireHere(name) as T;
    return loaded;
  };
}
