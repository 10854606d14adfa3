export default {
  entities: {
    address: {
      menu: 'Address book',
      label: 'Address',
      labelPlural: 'Addresses',
      fields: {
        street: 'Street',
        number: 'Number',
        additional: 'Complement',
        reference: 'Reference',
        neighborhood: 'Neighborhood',
        city: 'City',
        state: 'State',
        postalCode: 'Postal code',
        country: 'Country',
        company: 'Company',
        coordinates: 'Coordinates',
        latitude: 'Latitude',
        longitude: 'Longitude',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      hints: {
        additional: 'Apartment, block, floor',
        reference: 'A landmark that helps find it',
        state: 'UF, e.g. RJ, SP, MG',
        postalCode: 'A CEP (00000-000) fills street, neighborhood, city and state when the address book knows it',
        country: 'None: Brazil',
      },
      errors: {
        postalCode: 'Not a Brazilian postal code (CEP, 8 digits, 00000-000): {{postalCode}}',
      },
      postalCodeFill: {
        filled: 'Address filled from the address book (CEP {{postalCode}})',
      },
      create: { success: 'Address created successfully' },
      update: { success: 'Address updated successfully' },
      destroy: { success: 'Address deleted successfully' },
      destroyAll: { success: 'Addresses deleted successfully' },
    },
  },
};
