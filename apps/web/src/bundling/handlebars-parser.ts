import type { parse as parseTemplate } from '@handlebars/parser';

/**
 * `@handlebars/parser` as the console's bundle sees it (vite.config.ts, lazyHandlebarsParser). The
 * QR code template's rule (packages/domain/src/entities/qrcode-template.ts) checks that a template
 * parses, and its declaration comes with every entity's: the parser (about 9 kB compressed) was on
 * every list's first screen. Here the first check starts loading it and lets the text through; the
 * checks after it, as the user types, are the parser's. The API checks again, with the parser, on
 * every save.
 */
let loaded: typeof parseTemplate | undefined;
let loading = false;

export function parse(source: string): ReturnType<typeof parseTemplate> | undefined {
  if (loaded) return loaded(source);
  if (!loading) {
    loading = true;
    void import('@handlebars/parser').then((module) => {
      loaded = module.parse;
    });
  }
  return undefined;
}
