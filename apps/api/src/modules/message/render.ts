import {
  formatDateTimeInZone,
  type Language,
  type MessageTrigger,
  type MessageValues,
  restrictMessageValues,
  translatorFor,
} from '@ebox/domain';
import type Handlebars from 'handlebars';
import { lazyRequire } from '../../platform/lazy-require';
import { qrCodeUrlOf } from '../qr-code/link';
import type { OrderForMessages } from './repository';

/**
 * Templates rendered with handlebars (docs/messages.md lists the variables). Messages are plain text
 * (SMS, WhatsApp, push, the e-mail's text part), so nothing is HTML-escaped; a template that does not
 * compile or render throws TemplateRenderError with handlebars' own reason and its line, and the
 * message is recorded as failed, never sent half.
 */

export class TemplateRenderError extends Error {
  override readonly name = 'TemplateRenderError';
}

/** Loaded with the first template rendered, not when the API starts. */
const handlebars = lazyRequire<typeof Handlebars>('handlebars');

/** Compiled templates by source text: a company's few templates are compiled once per process. */
const compiled = new Map<string, Handlebars.TemplateDelegate>();
const MAX_COMPILED = 500;

function compiledOf(source: string): Handlebars.TemplateDelegate {
  let template = compiled.get(source);
  if (!template) {
    template = handlebars().compile(source, { noEscape: true, strict: false, knownHelpersOnly: true });
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(source, template);
  }
  return template;
}

/** Renders a template's text; handlebars' parse errors name the line. */
export function renderTemplateText(source: string, values: MessageValues): string {
  try {
    return compiledOf(source)(values, { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false }).trim();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new TemplateRenderError(`the template does not render: ${reason}`);
  }
}

/**
 * The values of each `{{…}}` of a template, in order: a WhatsApp template message carries its body's
 * parameters, not its text (Meta holds the approved text with {{1}}, {{2}}... in the same places).
 */
export function renderTemplateParameters(source: string, values: MessageValues): string[] {
  let ast: hbs.AST.Program;
  try {
    ast = handlebars().parse(source);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new TemplateRenderError(`the template does not render: ${reason}`);
  }
  const parameters: string[] = [];
  for (const statement of ast.body) {
    if (statement.type !== 'MustacheStatement') continue;
    const path = (statement as hbs.AST.MustacheStatement).path;
    if (path.type !== 'PathExpression') continue;
    parameters.push(renderTemplateText(`{{${(path as hbs.AST.PathExpression).original}}}`, values));
  }
  return parameters;
}

function addressOf(locker: OrderForMessages['locker']): string {
  const street = [locker.street, locker.number].filter(Boolean).join(', ');
  const area = [street, locker.complement, locker.neighborhood].filter(Boolean).join(' - ');
  const city = [locker.city, locker.state].filter(Boolean).join(' - ');
  return [area, city, locker.postalCode].filter(Boolean).join(', ');
}

/**
 * What a template on `trigger` may show of an order, in the message's language. `links` (the
 * console's address and the API's secret) signs the QR-code link; without it `qrCodeUrl` is empty.
 */
export function messageValuesOf(
  order: OrderForMessages,
  options: { language: Language; trigger: MessageTrigger; timeZone: string; links?: { appUrl: string; secret: string } },
): MessageValues {
  const t = translatorFor(options.language);
  const values: MessageValues = {
    order: {
      trackingCode: order.trackingCode ?? '',
      referenceNumber: order.referenceNumber ?? '',
      type: t(`entities.order.enumerators.type.${order.type}`, { defaultValue: order.type }),
      status: t(`entities.order.enumerators.status.${order.status}`, { defaultValue: order.status }),
      compartimentNumber: order.compartimentNumber === null ? '' : String(order.compartimentNumber),
      overdueDate: order.overdueDate ? formatDateTimeInZone(order.overdueDate, options.timeZone) : '',
    },
    customer: { name: order.customer.name ?? '', email: order.customer.email ?? '', phone: order.customer.phone ?? '' },
    locker: { name: order.locker.name ?? '', address: addressOf(order.locker), workingHours: order.locker.workingHours ?? '' },
    company: { name: order.company.name ?? '' },
    accessCode: order.accessCode ?? '',
    qrCodeUrl: options.links ? qrCodeUrlOf(options.links, order) : '',
  };
  return restrictMessageValues(values, options.trigger);
}
