import { enumValueLabel, formatDateTimeInZone, type Language, translatorFor } from '@ebox/domain';
import { z } from 'zod';
import { DEFAULT_EXPORT_TIME_ZONE } from '../../../kit/export';
import { scopeOfActor } from '../../../platform/access';
import { authorize, dbOf, type ServiceContext } from '../../../platform/context';
import { AppError, ValidationError } from '../../../platform/errors';
import { type OrderTag, openTagPdf, type TagPdf } from './tag-pdf';

export type { OrderTag } from './tag-pdf';

import { findOrderTagData, type OrderTagData } from './tag-repository';

/** At most this many tags per request: a print run, not an export (a bigger batch is split by the console). */
export const MAX_TAGS = 1000;

/**
 * Spec 7.4 body `{data}`: the tag payload of each order (spec 3: id, type, name, barCode,
 * eBoxAddress, eBoxZipCode, eBoxCode, createTime, logisticsCompany, orderNumber). Only `id` is
 * trusted: what is printed is read from the stored order, so a tag never says what the order does not.
 */
const tagPayloadItem = z.looseObject({ id: z.uuid() });
export const generateTagBody = z.object({ data: z.array(tagPayloadItem).min(1).max(MAX_TAGS) });
export type GenerateTagBody = z.infer<typeof generateTagBody>;

/** Spec 3 "tag payload", with spec 7.4's fallbacks applied (name 'N/A', the provider's brand). */

export function orderTagOf(data: OrderTagData, language: Language, timeZone = DEFAULT_EXPORT_TIME_ZONE): OrderTag {
  const t = translatorFor(language);
  const na = t('orderTags.notAvailable');
  const address = [data.ebox.street, data.ebox.number].filter(Boolean).join(', ');
  return {
    id: data.id,
    type: enumValueLabel('order', 'type', data.type, language),
    name: data.toCustomer.name ?? data.customerName ?? na,
    barCode: data.trackingCode,
    eBoxAddress: address || na,
    eBoxZipCode: data.ebox.postalCode ?? '',
    eBoxCode: [data.ebox.code, data.ebox.name].filter(Boolean).join(' - ') || na,
    createTime: formatDateTimeInZone(data.createdAt, timeZone),
    logisticsCompany: data.companyName ?? t('orderTags.defaultLogisticsCompany'),
    orderNumber: data.referenceNumber ?? na,
  };
}

/** Postal codes compare by their digits (01310-100 and 01310100 alike); a tag without one goes last. */
function postalKey(tag: OrderTag): string {
  const digits = tag.eBoxZipCode.replace(/\D/g, '');
  return digits ? digits.padStart(8, '0') : '\uffff';
}

export function sortTagsByPostalCode(tags: OrderTag[]): OrderTag[] {
  return [...tags].sort((a, b) => postalKey(a).localeCompare(postalKey(b)) || a.barCode.localeCompare(b.barCode));
}

/**
 * POST /order/generate-tag: the labels of the orders named, sorted ascending by postal code, as a
 * PDF (one label a page). Needs `generateTag` and every order within the caller's companies: one
 * outside them (or unknown) refuses the whole print, naming it, rather than printing a partial run.
 */
export async function generateOrderTags(ctx: ServiceContext, body: unknown): Promise<TagPdf> {
  authorize(ctx, 'generateTag');
  const parsed = generateTagBody.safeParse(body);
  if (!parsed.success) throw new ValidationError(parsed.error.issues, 'orderTags');
  const ids = [...new Set(parsed.data.data.map((item) => item.id))];
  const found = await findOrderTagData(dbOf(ctx), ids, scopeOfActor(ctx.actor));
  const foundIds = new Set(found.map((row) => row.id));
  const missing = ids.find((id) => !foundIds.has(id));
  if (missing) throw new AppError('notFound', 'errors.orderTags.orderNotFound', { id: missing });
  const tags = sortTagsByPostalCode(found.map((row) => orderTagOf(row, ctx.language)));
  return openTagPdf(tags, ctx.language);
}
