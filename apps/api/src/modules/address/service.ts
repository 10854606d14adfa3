import { autocompleteGrantsOf, DECLARED_ENTITIES } from '@ebox/domain';
import { cepDigitsOf, formatCep, type PickedAddress, type PostalCodeFill } from '@ebox/domain/address-book';
import { scopeOfActor } from '../../platform/access';
import { authorizeAny, type ServiceContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { findAddressByPostalCode, findAddressInScope } from './repository';

/**
 * GET /address/postal-code/{cep}: street, neighbourhood, city and state the caller's address book
 * knows for a CEP, for the address forms to fill. Whoever may read or pick addresses may ask (the
 * locker's and the customer's editors too, as for the picker: autocompleteGrantsOf); a limited user
 * reads only their companies' addresses.
 */
/** Who may read the address book for a form: its readers and whoever may pick an address in a form. */
function authorizeAddressForm(ctx: ServiceContext): void {
  authorizeAny(ctx, ['addressRead', ...autocompleteGrantsOf(DECLARED_ENTITIES.address)]);
}

export async function fillFromPostalCode(ctx: ServiceContext, postalCode: string): Promise<PostalCodeFill> {
  authorizeAddressForm(ctx);
  const digits = cepDigitsOf(postalCode);
  if (!digits) throw badRequest('entities.address.errors.postalCode', { postalCode });
  const found = await findAddressByPostalCode(ctx.deps.db, digits, scopeOfActor(ctx.actor).companyIds);
  return { address: found ? { ...found, postalCode: formatCep(found.postalCode) } : null };
}

/**
 * GET /address/pick/{id}: the fields of an address the caller's companies hold, which a locker form
 * copies into its own on the pick; another company's address is not found, as the kit answers it.
 */
export async function readPickedAddress(ctx: ServiceContext, id: string): Promise<PickedAddress> {
  authorizeAddressForm(ctx);
  const found = await findAddressInScope(ctx.deps.db, id, scopeOfActor(ctx.actor).companyIds);
  if (!found) throw notFound();
  return found;
}
