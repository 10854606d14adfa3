import { type MessageTrigger, messageVariablesOf } from '@ebox/domain';
import { Button, Flex, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './messages';

/** On a phone a long name and path go on two lines inside the button instead of running past the form. */
const WRAPPING = {
  height: 'auto',
  minHeight: 24,
  maxWidth: '100%',
  flexWrap: 'wrap',
  justifyContent: 'flex-start',
  rowGap: 0,
  whiteSpace: 'normal',
  textAlign: 'start',
} as const;

/**
 * The variables a template on this trigger may use, each a button that inserts its `{{path}}` where
 * the cursor is (keyboard: Tab to it, Enter). Without a trigger chosen, every variable.
 */
export function VariableList({ trigger, onInsert }: { trigger?: string; onInsert: (snippet: string) => void }) {
  const { t } = useTranslation();
  const hintId = useId();
  const paths = messageVariablesOf(trigger as MessageTrigger | undefined);
  return (
    <fieldset aria-describedby={hintId} style={{ margin: 0, padding: 0, border: 0, minWidth: 0 }} data-testid="template-variables">
      <legend style={{ padding: 0, marginBottom: 0, border: 0, fontSize: 'inherit', fontWeight: 600, color: 'inherit' }}>
        {t('templateEditor.variables.title')}
      </legend>
      <Typography.Text type="secondary" id={hintId} style={{ display: 'block', marginBottom: 8 }}>
        {t('templateEditor.variables.hint')}
      </Typography.Text>
      <Flex wrap gap={6}>
        {paths.map((path) => (
          <Button key={path} size="small" onClick={() => onInsert(`{{${path}}}`)} data-variable={path} style={WRAPPING}>
            {t(`templateEditor.variables.names.${path}`)}
            <Typography.Text code style={{ fontSize: 12, marginInlineEnd: 0, overflowWrap: 'anywhere' }}>{`{{${path}}}`}</Typography.Text>
          </Button>
        ))}
      </Flex>
    </fieldset>
  );
}
