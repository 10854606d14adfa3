import { type CSSProperties, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** A heading that looks like the text around it: the box or result it titles draws its size and weight. */
const INHERITED: CSSProperties = { margin: 0, font: 'inherit', color: 'inherit', overflow: 'inherit', textOverflow: 'inherit' };

/** Names the page in the browser's tab and history ("Clientes · Ebox Console"), and the app alone once the page is gone. */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const appTitle = t('app.title');
  useEffect(() => {
    document.title = title ? `${title} · ${appTitle}` : appTitle;
    return () => {
      document.title = appTitle;
    };
  }, [title, appTitle]);
}

/**
 * The page's one level-one heading, drawn where the page shows its title (a box's title, a result's
 * title), and the document title that names the page. Every page renders exactly one: screen reader
 * users jump to it, and the browser suite (e2e/accessibility.test.ts) checks there is one per page.
 */
export function PageTitle({ title, style }: { title: string; style?: CSSProperties }) {
  useDocumentTitle(title);
  return (
    <h1 data-testid="page-title" style={{ ...INHERITED, ...style }}>
      {title}
    </h1>
  );
}

/** The title of a part of a page (a record's list of children under the record): a level-two heading. */
export function SectionTitle({ title }: { title: string }) {
  return <h2 style={INHERITED}>{title}</h2>;
}
