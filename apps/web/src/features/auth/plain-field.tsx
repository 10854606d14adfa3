import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A labelled control with its error under it, drawn as antd's vertical `Form.Item` draws one, for
 * the sign-in page: antd's Form (its field store, async-validator and motion, about 20 kB
 * compressed) is the heaviest part of a page that has two fields. The control carries `id`,
 * `aria-invalid` and `aria-describedby` (see fieldAria); the error is announced as it appears.
 */
export function PlainField({ id, label, error, children }: { id: string; label: ReactNode; error?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: error ? 0 : token.marginLG }}>
      <div style={{ paddingBottom: token.paddingXS }}>
        <label htmlFor={id} style={{ color: token.colorTextHeading, fontSize: token.fontSize }}>
          {label}
        </label>
      </div>
      {children}
      {error && (
        <div id={errorIdOf(id)} role="alert" style={{ color: token.colorError, minHeight: token.marginLG }}>
          {error}
        </div>
      )}
    </div>
  );
}

function errorIdOf(id: string): string {
  return `${id}-error`;
}

/** What the control of a PlainField carries so a screen reader ties it to its error. */
export function fieldAria(id: string, error: string | undefined) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorIdOf(id) : undefined } as const;
}
