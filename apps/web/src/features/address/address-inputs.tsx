import { isRelationRef } from '@ebox/domain';
import { cepDigitsOf, formatCep, type PickedAddress, type PostalCodeFill } from '@ebox/domain/address-book';
import { App, Form } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { FieldInput, type FieldInputProps } from '../../kit/fields/field-input';

/**
 * A postal code input: a complete CEP typed (8 digits) asks the address book what it knows of it
 * (GET /address/postal-code/{cep}, in the caller's companies) and fills street, neighbourhood, city
 * and state; a CEP it does not know leaves the form as typed.
 */
function PostalCodeInput(props: FieldInputProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const asked = useRef<string | undefined>(cepDigitsOf(props.value));
  const change = (next: unknown) => {
    props.onChange?.(next);
    const digits = cepDigitsOf(next);
    if (!digits || digits === asked.current) return;
    asked.current = digits;
    void api
      .get<PostalCodeFill>(`/address/postal-code/${digits}`)
      .then(({ address }) => {
        // The user went on typing another code meanwhile: that one's answer fills the form.
        if (!address || asked.current !== digits) return;
        const known = { street: address.street, neighborhood: address.neighborhood, city: address.city, state: address.state };
        form.setFieldsValue({
          postalCode: formatCep(digits),
          ...Object.fromEntries(Object.entries(known).filter(([, value]) => value)),
        });
        message.info(t('entities.address.postalCodeFill.filled', { postalCode: formatCep(digits) }));
      })
      // The fill is a help: a failed lookup leaves the form as the user typed it.
      .catch(() => undefined);
  };
  return <FieldInput {...props} onChange={change} />;
}

/** The address book's own form: its postal code fills the rest. */
export const ADDRESS_INPUTS = { postalCode: PostalCodeInput };

/**
 * A locker's pick from the address book: the picked record's street, number, complement,
 * neighbourhood, city, state, postal code and coordinates are copied into the locker's own fields
 * (GET /address/pick/{id}), which stay editable.
 */
function AddressBookPicker(props: FieldInputProps) {
  const form = Form.useFormInstance();
  const change = (next: unknown) => {
    props.onChange?.(next);
    if (!isRelationRef(next)) return;
    void api
      .get<PickedAddress>(`/address/pick/${encodeURIComponent(next.id)}`)
      .then((picked) => {
        form.setFieldsValue({
          street: picked.street ?? undefined,
          number: picked.number ?? undefined,
          // The address book's 'additional' is the locker's 'complement'.
          complement: picked.additional ?? undefined,
          neighborhood: picked.neighborhood ?? undefined,
          city: picked.city ?? undefined,
          state: picked.state ?? undefined,
          postalCode: picked.postalCode ?? undefined,
          coordinates: { latitude: picked.coordinates.latitude ?? undefined, longitude: picked.coordinates.longitude ?? undefined },
        });
      })
      // Not filled (the record was deleted meanwhile): the locker's fields stay as they were, to be typed.
      .catch(() => undefined);
  };
  return <FieldInput {...props} onChange={change} />;
}

/** A locker's form: pick an address from the book, or type a CEP the book knows. */
export const LOCKER_ADDRESS_INPUTS = { address: AddressBookPicker, postalCode: PostalCodeInput };
