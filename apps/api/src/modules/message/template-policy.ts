import { templateProblemOf } from '@ebox/domain/template-problems';
import { parse } from '@handlebars/parser';
import type { EntityPolicy } from '../../platform/entity-rules';
import { ValidationError } from '../../platform/errors';

/**
 * A template that parses but that handlebars would refuse on every render (an unknown helper, a
 * partial, `{{if x}}` without its block) would fail every message it should send: refused on save
 * with its line, in the words of the declaration's rule for a parse error, as the form's preview
 * shows it. `fields`: each checked field and the message of its entity's rule.
 */
export function renderableTemplatePolicy(entityName: string, fields: Record<string, string>): EntityPolicy {
  return {
    beforeWrite(_ctx, { data }) {
      for (const [field, message] of Object.entries(fields)) {
        const source = data[field];
        if (typeof source !== 'string') continue;
        const problem = templateProblemOf(source, parse);
        if (problem)
          throw new ValidationError(
            [{ code: 'custom', message, path: [field], params: problem, input: source }],
            `entities.${entityName}.fields`,
          );
      }
    },
  };
}
