import { z } from 'zod';

/** A Brazilian postal code (CEP): eight digits, written 00000-000. */
const CEP_DIGITS = 8;

/** The eight digits of a CEP typed with or without its dash (or dots), or undefined when it is not one. */
export function cepDigitsOf(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  if (!/^[\d.\- ]+$/.test(trimmed)) return undefined;
  const digits = trimmed.replace(/\D/g, '');
  return digits.length === CEP_DIGITS ? digits : undefined;
}

/** A CEP as people write it (01310-100), or the text as typed when it is not one. */
export function formatCep(text: string): string {
  const digits = cepDigitsOf(text);
  return digits ? `${digits.slice(0, 5)}-${digits.slice(5)}` : text;
}

/**
 * GET /address/postal-code/{cep}: what the address book knows of a CEP, within the caller's
 * companies (the most recently changed address with that CEP), or null when it knows nothing.
 */
export const postalCodeFillSchema = z.object({
  address: z
    .object({
      postalCode: z.string(),
      street: z.string().nullable(),
      neighborhood: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
    })
    .nullable(),
});
export type PostalCodeFill = z.infer<typeof postalCodeFillSchema>;

/**
 * GET /address/pick/{id}: an address book record's fields, for a locker form that copies them on the
 * pick (whoever may fill that form in may read them, as the picker's autocomplete answers them).
 */
export const pickedAddressSchema = z.object({
  id: z.string(),
  street: z.string().nullable(),
  number: z.string().nullable(),
  additional: z.string().nullable(),
  reference: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  coordinates: z.object({ latitude: z.number().nullable().optional(), longitude: z.number().nullable().optional() }),
});
export type PickedAddress = z.infer<typeof pickedAddressSchema>;
