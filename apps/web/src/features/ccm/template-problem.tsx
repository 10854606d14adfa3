import { Form, theme } from 'antd';

/**
 * Why the template does not compile, under its field as the user types: the same words as the
 * refusal on save. Once a save was refused, the field's own message says it (the form's), and this
 * one steps aside until the next change clears that.
 */
export function TemplateProblem({ id, message }: { id: string; message?: string }) {
  const { token } = theme.useToken();
  const { errors } = Form.Item.useStatus();
  const shown = message && errors.length === 0 ? message : undefined;
  return (
    <div id={id} aria-live="polite" style={{ color: token.colorError, minHeight: shown ? undefined : 0 }} data-testid="template-problem">
      {shown}
    </div>
  );
}
