import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../app/page-title';

type Kind = 'forbidden' | 'notFound' | 'serverError';

const STATUS: Record<Kind, 403 | 404 | 500> = { forbidden: 403, notFound: 404, serverError: 500 };

/** Spec 8.2: the 403, 404 and 500 pages, each with its text and a link back home. */
export function ErrorResult({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex component="main" id="main-content" align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Result
        status={STATUS[kind]}
        title={<PageTitle title={t(`errorPages.${kind}.title`)} />}
        subTitle={t(`errorPages.${kind}.message`)}
        extra={
          <Button
            type="primary"
            href="/"
            data-testid="back-home"
            onClick={(event) => {
              event.preventDefault();
              navigate('/');
            }}
          >
            {t('common.backHome')}
          </Button>
        }
        data-testid={`error-page-${STATUS[kind]}`}
      />
    </Flex>
  );
}
