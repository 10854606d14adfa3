import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

type PanelProps = {
  title?: ReactNode;
  /** Drawn at the title's end, as antd Card's `extra`. */
  extra?: ReactNode;
  style?: CSSProperties;
  children: ReactNode;
  'data-testid'?: string;
};

/**
 * A box with a title, drawn with the theme's tokens as antd's Card draws one: antd's Card brings
 * its tabs (with their dropdown and menu) and Skeleton, about 20 kB compressed, to every screen
 * that shows a titled box, the sign-in page and the lists first among them.
 */
export function Panel({ title, extra, style, children, 'data-testid': testId }: PanelProps) {
  const { token } = theme.useToken();
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section data-testid={testId} style={{ background: token.colorBgContainer, border, borderRadius: token.borderRadiusLG, ...style }}>
      {(title || extra) && (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: token.marginXS,
            minHeight: 56,
            padding: `0 ${token.paddingLG}px`,
            color: token.colorTextHeading,
            fontSize: token.fontSizeLG,
            fontWeight: token.fontWeightStrong,
            borderBottom: border,
          }}
        >
          <div style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</div>
          {extra && <div style={{ color: token.colorText, fontWeight: 'normal', fontSize: token.fontSize }}>{extra}</div>}
        </div>
      )}
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </section>
  );
}
